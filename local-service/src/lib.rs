//! A native stand-in of the game cloud service's four operations, faithful to
//! the contract (`docs/CONTRACT.md`): the same routes, auth checks, error
//! bodies, status codes, CORS and token format. The panel runs against it on a
//! developer's machine, and every test talks to it over real HTTP on loopback.

pub mod config;
pub mod cors;
pub mod demo;
pub mod endpoint;
pub mod errors;
pub mod faults;
pub mod mint;
pub mod rate_limit;
pub mod routes;
pub mod state;

use std::net::SocketAddr;
use std::sync::Arc;

pub use config::Config;
pub use state::State;

/// Serves on `listener` until the future is dropped. Each connection is
/// HTTP/1.1 with a deadline for each request's headers (also on an idle
/// kept-alive connection), so a client that stalls is cut off instead of
/// holding a connection and a file descriptor for ever.
pub async fn serve(listener: tokio::net::TcpListener, state: Arc<State>) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;

    let timeout = state.client_timeout;
    let app = routes::router(state);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(conn) => conn,
            Err(e) => {
                // Out of file descriptors, or a connection reset while queued:
                // wait for stalled clients to be cut off, then go on.
                eprintln!("local-service: cannot accept a connection: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        tokio::spawn(async move {
            let service =
                hyper::service::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
                    let mut req = req.map(axum::body::Body::new);
                    req.extensions_mut()
                        .insert(axum::extract::ConnectInfo::<SocketAddr>(peer));
                    app.clone().oneshot(req)
                });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
