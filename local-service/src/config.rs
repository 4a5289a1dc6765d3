//! The command line: every flag a test or a script relies on.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;

/// A local stand-in of the game cloud service.
#[derive(Debug, Clone, Parser)]
#[command(name = "local-service", version, about)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// The bearer token the service accepts (one is generated if not given).
    #[arg(long)]
    pub token: Option<String>,

    /// A built panel directory to serve as static files on the same origin.
    #[arg(long)]
    pub dist: Option<PathBuf>,

    /// Generate this many builds instead of the demo set (for scale tests).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=2_000_000))]
    pub builds: Option<u32>,

    /// An origin browsers may call from (repeatable; `*` for any). Default:
    /// the service's own origin and loopback origins.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    pub allow_origins: Vec<String>,

    /// A host name this service answers to besides its own address, loopback
    /// names and IP addresses (repeatable). Requests naming any other host in
    /// `Host` are refused, so a DNS-rebinding page cannot drive the service.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,

    /// Cut off a client that takes longer than this to send its request's
    /// headers, or its body, or sends nothing on an idle connection.
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub client_timeout: u64,

    /// Keep each namespace's settings (and a generated token) in this
    /// directory across restarts.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,

    /// Rate-limit calls per client and endpoint, as the service does. Without
    /// a value: 128 GETs and 16 PUT/POSTs per 15 minutes; or `GETS,WRITES/SECONDS`,
    /// such as `3,1/60`.
    #[arg(long, value_name = "LIMITS", num_args = 0..=1, default_missing_value = "128,16/900")]
    pub rate_limit: Option<crate::rate_limit::Limits>,

    /// Enable `/_local/faults` (inject failures) for client tests.
    #[arg(long)]
    pub test_hooks: bool,

    /// Hold the service's clock at this time (RFC 3339, such as
    /// `2026-11-26T12:00:00Z`): the demo builds are created before it and
    /// every token is issued at it, so pictures of the panel taken against
    /// it (with the browser's clock set to it) are the same on any day.
    #[arg(long, value_name = "TIME", value_parser = gamecloud::model::Timestamp::parse)]
    pub clock: Option<gamecloud::model::Timestamp>,
}

impl Config {
    /// A configuration for tests: loopback, any free port, a fixed token.
    pub fn for_tests(token: &str) -> Self {
        Config {
            listen: "127.0.0.1:0".parse().expect("a literal address"),
            token: Some(token.to_owned()),
            dist: None,
            builds: None,
            allow_origins: Vec::new(),
            allow_hosts: Vec::new(),
            client_timeout: 10,
            data_dir: None,
            rate_limit: None,
            test_hooks: false,
            clock: None,
        }
    }
}
