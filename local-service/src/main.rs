//! `local-service`: run the stand-in service from the command line.

use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use local_service::{demo, Config, State};

#[tokio::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    let state = match State::new(&config) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("local-service: {e}");
            return ExitCode::from(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("local-service: cannot listen on {}: {e}", config.listen);
            return ExitCode::from(2);
        }
    };
    let addr = listener.local_addr().map_or(config.listen, |a| a);
    let url = format!("http://{addr}/");
    println!("Local game cloud service listening on {url}");
    if config.dist.is_some() {
        println!("Panel:        {url}?game={}", demo::GAME_ID);
    }
    println!("Token:        {}", state.token);
    println!("Game:         {}", demo::GAME_ID);
    for (id, name) in demo::NAMESPACES {
        println!("Namespace:    {id} ({name})");
    }
    println!("Builds:       {}", state.build_count);
    if let Some(l) = &config.rate_limit {
        println!(
            "Rate limit:   {} GETs, {} writes per {} s",
            l.reads,
            l.writes,
            l.window.as_secs()
        );
    }
    tokio::select! {
        r = local_service::serve(listener, state) => match r {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("local-service: {e}");
                ExitCode::FAILURE
            }
        },
        _ = tokio::signal::ctrl_c() => ExitCode::SUCCESS,
    }
}
