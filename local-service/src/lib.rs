//! A native stand-in of the game cloud service's four operations, faithful to
//! the contract (`shared/CONTRACT.md`): the same routes, auth checks, error
//! bodies, status codes, CORS and token format. The panel runs against it on a
//! developer's machine, and every test talks to it over real HTTP on loopback.

pub mod config;
pub mod cors;
pub mod demo;
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

/// Starts serving on `listener` until the future is dropped or fails.
pub async fn serve(listener: tokio::net::TcpListener, state: Arc<State>) -> std::io::Result<()> {
    let app = routes::router(state);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}
