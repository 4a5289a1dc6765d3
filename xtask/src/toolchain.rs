//! The compiler of the shipped wasm: one dated nightly, named here and
//! nowhere else, builds the panel and the JS module for the browser and
//! rebuilds std for them from its `rust-src` (`-Zbuild-std`) with panics
//! that abort at once: a size lever that costs the code nothing. Native
//! code, clippy, the local service and the wasm tests stay on the stable
//! toolchain.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{ensure, Context, Result};

use crate::cmd::{self, Env};

/// The toolchain of every release wasm. A dated nightly is the same
/// compiler on every machine; a bare `nightly` is not.
pub const NIGHTLY: &str = "nightly-2026-05-19";

/// The crates of std rebuilt for the wasm, from the toolchain's sources.
const BUILD_STD: &str = "std,panic_abort";

/// How a release wasm is compiled. [`Compiler::SHIPPED`] builds what ships;
/// `cargo xtask levers` builds [`LEVERS`] to weigh each flag.
#[derive(Clone, Copy)]
pub struct Compiler {
    /// [`NIGHTLY`], rebuilding std with [`Compiler::flags`]; or the stable
    /// toolchain with std as rustup ships it.
    pub nightly: bool,
    /// rustc's flags for every crate, std's included.
    pub flags: &'static [&'static str],
    /// std's cargo features, for the nightly's rebuild.
    pub std_features: &'static str,
}

impl Compiler {
    /// The compiler of the shipped wasm (what each flag buys: docs/SIZE.md,
    /// "The compiler", from `cargo xtask levers`):
    /// - a panic stops the wasm at once (`unreachable`), with no message
    ///   formatted and no unwinding code. Nothing a user saw is lost: a
    ///   release build never printed the message (std's hook writes to a
    ///   stderr the browser does not have; the console hook is for `trunk
    ///   serve`), and the page or the caller got the same `unreachable`;
    /// - no file, line and column kept for a panic that is never printed.
    pub const SHIPPED: Compiler = Compiler {
        nightly: true,
        flags: &[
            "-Zunstable-options",
            "-Cpanic=immediate-abort",
            "-Zlocation-detail=none",
        ],
        std_features: "optimize_for_size",
    };

    /// Makes `cmd` (cargo, or a tool that runs cargo, such as Trunk) build
    /// with this compiler. The flags go with the rest of a release build's
    /// (`paths::release_rustflags`).
    pub fn apply(&self, cmd: &mut Command) {
        if self.nightly {
            cmd.env("RUSTUP_TOOLCHAIN", NIGHTLY)
                .env("CARGO_UNSTABLE_BUILD_STD", BUILD_STD);
            if !self.std_features.is_empty() {
                cmd.env("CARGO_UNSTABLE_BUILD_STD_FEATURES", self.std_features);
            }
        }
    }

    /// `rustc -vV` of this compiler, and std's features: what an output
    /// built by it depends on beyond its flags.
    pub fn describe(&self, env: &Env) -> String {
        let mut rustc = env.cmd("rustc");
        rustc.arg("-vV");
        self.apply(&mut rustc);
        let version = cmd::capture("rustc -vV", rustc).unwrap_or_default();
        format!("{version}std features: {}\n", self.std_features)
    }
}

/// The levers `cargo xtask levers` weighs, each a compiler and what it
/// changes from the one before (the last ones each from the shipped one).
pub const LEVERS: [(&str, Compiler); 7] = [
    (
        "stable, std as rustup ships it",
        Compiler {
            nightly: false,
            flags: &[],
            std_features: "",
        },
    ),
    (
        "nightly, std rebuilt (-Zbuild-std)",
        Compiler {
            nightly: true,
            flags: &[],
            std_features: "",
        },
    ),
    (
        "+ -Cpanic=immediate-abort",
        Compiler {
            nightly: true,
            flags: &["-Zunstable-options", "-Cpanic=immediate-abort"],
            std_features: "",
        },
    ),
    ("+ -Zlocation-detail=none (shipped)", Compiler::SHIPPED),
    (
        "shipped + -Zfmt-debug=none",
        Compiler {
            flags: &[
                "-Zunstable-options",
                "-Cpanic=immediate-abort",
                "-Zlocation-detail=none",
                "-Zfmt-debug=none",
            ],
            ..Compiler::SHIPPED
        },
    ),
    (
        "shipped + std's optimize_for_size",
        Compiler {
            std_features: "optimize_for_size",
            ..Compiler::SHIPPED
        },
    ),
    (
        "shipped + -Cllvm-args=-inline-threshold=0",
        Compiler {
            flags: &[
                "-Zunstable-options",
                "-Cpanic=immediate-abort",
                "-Zlocation-detail=none",
                "-Cllvm-args=-inline-threshold=0",
            ],
            ..Compiler::SHIPPED
        },
    ),
];

/// Has the set-up install the toolchain with its `rust-src`, checking first.
pub fn ensure(env: &Env) -> Result<()> {
    if is_installed(env) {
        return Ok(());
    }
    let args = [
        "toolchain",
        "install",
        NIGHTLY,
        "--profile",
        "minimal",
        "--component",
        "rust-src",
    ];
    cmd::run(env, "rustup", &args)
        .and_then(|()| {
            ensure!(is_installed(env), "{NIGHTLY} still has no rust-src");
            Ok(())
        })
        .with_context(|| {
            format!(
                "the release wasm needs {NIGHTLY} with its std sources, and it could not be \
                 installed; run `rustup {}`, then this command again",
                args.join(" ")
            )
        })
}

fn is_installed(env: &Env) -> bool {
    let args = ["component", "list", "--installed", "--toolchain", NIGHTLY];
    cmd::output(env, "rustup", &args)
        .is_some_and(|listed| listed.lines().any(|l| l.trim() == "rust-src"))
}

/// Where the nightly keeps std's sources (`…/lib/rustlib/src/rust`): the
/// release builds remap it away like every other source directory.
pub fn std_sources(env: &Env) -> Result<PathBuf> {
    let mut rustc = env.cmd("rustc");
    rustc.args(["--print", "sysroot"]);
    Compiler::SHIPPED.apply(&mut rustc);
    let sysroot = cmd::capture(&format!("rustc of {NIGHTLY} --print sysroot"), rustc)?;
    Ok(PathBuf::from(sysroot.trim()).join("lib/rustlib/src/rust"))
}

/// `cargo fetch` of the crates std is rebuilt from (its allocator, its hash
/// map), which cargo reads from the registry like any other crate.
pub fn fetch_std_crates(env: &Env, cargo_home: Option<&Path>, offline: bool) -> Result<()> {
    let mut cargo = env.cmd("cargo");
    cargo
        .args(["fetch", "--locked", "--target", "wasm32-unknown-unknown"])
        .env("CARGO_NET_OFFLINE", offline.to_string());
    Compiler::SHIPPED.apply(&mut cargo);
    if let Some(home) = cargo_home {
        cargo.env("CARGO_HOME", home);
    }
    cmd::run_cmd(&format!("cargo +{NIGHTLY} fetch (std's crates)"), cargo)
}
