//! The task runner: on a fresh machine each command first installs what it
//! needs (`serve` what building needs, `test` every tool its checks run),
//! then does the job.

mod build;
mod check;
mod cmd;
mod fingerprint;
mod house;
mod imports;
mod integrity;
mod measure;
mod opt;
mod packed;
mod paths;
mod record;
mod serve;
mod setup;
mod shadow_css;
mod split;
mod tidy;
mod toolchain;
mod vendor;

use std::process::ExitCode;

use anyhow::anyhow;

use setup::Needs;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  serve [--] [ARGS...]
                   install what building needs, build the panel, and run the
                   local service with demo data serving it (ARGS go to
                   local-service)
  test             install what the tests need, then run every check and test
                   and print `N passed, N failed`
  dist             build the release panel into dist/ (the pages a visit does
                   not need in parts fetched on first use)
  js               build the JS module (npm package) into pkg/, each entry's
                   wasm apart
  screenshots      refresh docs/screenshots (each page, light and dark)
  bench            measure the panel: download size, time to a usable form,
                   time to show, re-sort and filter 10,000 and 100,000 builds
                   (in the page, against a fetch + JSON.parse floor); and the
                   JS module's builds index for 100,000 builds in Node and
                   Chromium (built, against JSON.parse; re-sorts, filters)
  lighthouse       Lighthouse's mobile audit of the opening page and each page's
                   deep link: performance and best practices 95 or more,
                   accessibility 100 (installs Lighthouse in xtask/lighthouse
                   on first use)
  sizes            what each crate weighs in the JS module and the panel
  holds VISIT      what a deep link's first parts hold, by module (VISIT: builds,
                   build, dev_token, settings, log, tokens, switcher, palette;
                   reads the parts the last `dist` cut, before wasm-opt)
  levers           build both outputs with each compiler flag weighed in
                   xtask/src/toolchain.rs, and print what each weighs
  fuzz [CASES]     run the decoders' and the validator's property tests with
                   CASES generated inputs each (default 1000000), release build
  tidy             check that the docs say what is true: paths, modules,
                   invariants' tests, the test steps, size figures, doc links
  vendor [VERSION] write vendor/wasm_split_cli_support.patch from the vendored
                   splitter; with VERSION, move it to upstream VERSION with the
                   patch applied again
  setup            only install what the tests need";

fn main() -> ExitCode {
    // Trunk runs this runner as its wasm-bindgen in split builds (split.rs).
    if split::is_standin() {
        return split::standin();
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve::serve(&args[1..]),
        Some("test") => check::test(),
        Some("dist") => setup::ensure(Needs::Build)
            .and_then(|env| build::dist(&env))
            .map(drop),
        Some("js") => setup::ensure(Needs::Build)
            .and_then(|env| build::js(&env))
            .map(drop),
        Some("screenshots") => {
            setup::ensure(Needs::Browser).and_then(|env| measure::screenshots(&env))
        }
        Some("bench") => setup::ensure(Needs::Browser).and_then(|env| measure::bench(&env)),
        Some("lighthouse") => {
            setup::ensure(Needs::Browser).and_then(|env| measure::lighthouse(&env))
        }
        Some("sizes") => setup::ensure(Needs::Build).and_then(|env| measure::sizes(&env)),
        Some("holds") => match args.get(1) {
            Some(visit) => setup::ensure(Needs::Build).and_then(|env| measure::holds(&env, visit)),
            None => Err(anyhow!("holds needs a visit: cargo xtask holds builds")),
        },
        Some("levers") => setup::ensure(Needs::Build).and_then(|env| measure::levers(&env)),
        Some("fuzz") => setup::ensure(Needs::Build)
            .and_then(|env| check::fuzz(&env, args.get(1).map(String::as_str))),
        Some("tidy") => tidy::tidy(&cmd::Env::new()),
        Some("vendor") => vendor::vendor(args.get(1).map(String::as_str)),
        Some("setup") => setup::ensure(Needs::Tests).map(drop),
        Some("-h" | "--help" | "help") | None => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(anyhow!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            ExitCode::FAILURE
        }
    }
}
