use std::{
    collections::HashMap,
    mem,
    path::{Path, PathBuf},
};

use eyre::{Result, WrapErr};
use rayon::ThreadPoolBuilder;
use split_point::SplitModuleIdentifier;

mod dep_graph;
mod emit;
mod graph_utils;
mod js;
mod magic_constants;
mod options;
mod read;
mod reloc;
mod split_point;
mod tracing_support;
mod util;

pub use options::*;

use tracing::dispatcher;
use tracing_support::perf_span;
use util::instrument_once;

#[non_exhaustive]
pub struct SplitWasm {
    pub split_modules: Vec<PathBuf>,
    /// split -> dependency filestem
    /// e.g. `{ "foo": ["chunk_0", "foo"] }`
    pub prefetch_map: HashMap<String, Vec<String>>,
    /// Each of `Options::joins` that holds two files or more: its name, the
    /// module written, and the files it holds (as `prefetch_map` names them).
    pub joined: Vec<Joined>,
}

/// One module holding several files' code (gamecloud's patch).
#[non_exhaustive]
pub struct Joined {
    pub name: String,
    pub path: PathBuf,
    pub files: Vec<String>,
}

pub fn transform(opts: Options) -> Result<SplitWasm> {
    let dispatch = dispatcher::get_default(Clone::clone);
    let pool = ThreadPoolBuilder::new()
        .start_handler(move |_thread| {
            let guard = dispatcher::set_default(&dispatch);
            mem::forget(guard); // make it permanent for the thread lifetime
        })
        .build()?;
    pool.install(move || run_transform(opts))
}

fn run_transform(opts: Options) -> Result<SplitWasm> {
    let strictness = if opts.strict_tests {
        read::Strictness::IntegrationTesting
    } else {
        read::Strictness::Lenient
    };
    // (1) parse input
    let parse_span = perf_span!("parse");
    let parse_span = parse_span.enter();
    let module = crate::read::InputModule::parse(opts.input_wasm, strictness)?;
    parse_span.exit();
    if opts.verbose {
        module.reloc_info.print_relocs();
    }
    // (2) dependency analysis and decide on splits
    let deps_span = perf_span!("dependency-analysis");
    let deps_span = deps_span.enter();
    let deps = dep_graph::get_dependencies(&module)?;
    let split_points = split_point::get_split_points(&module)?;
    let split_program_info =
        split_point::compute_split_modules(&module, &deps.graph, split_points, opts.lean_visits)?;
    deps_span.exit();

    if split_point::trace_enabled(opts.verbose) {
        for (name, split_deps) in split_program_info.output_modules.iter() {
            split_deps.print(format!("{:?}", name).as_str(), &module);
        }
    }
    // (3) compute output modules and helper javascript
    let emit_span = perf_span!("emit");
    let emit_span = emit_span.enter();
    let link_module = opts.link_name;
    let emit_state = emit::EmitState::new(
        &opts,
        &module,
        &split_program_info,
        link_module,
        &deps.stub_fns,
    )?;
    let wasm_modules = || {
        emit::emit_modules(
            &split_program_info,
            &emit_state,
            |output_module_index, identifier, data| {
                let output_path = match identifier {
                    SplitModuleIdentifier::Main => opts.main_out_path.to_path_buf(),
                    _ => opts
                        .output_dir
                        .join(identifier.filename(output_module_index) + ".wasm"),
                };
                (identifier, output_path, data)
            },
        )
    };
    let js_link_module = || js::link_module(opts.main_module, &split_program_info, &emit_state);
    let (wasm_modules, js_link_module) = rayon::join(
        instrument_once(wasm_modules),
        instrument_once(js_link_module),
    );
    let wasm_modules = wasm_modules?;
    let js_link_module = js_link_module?;
    let identified: Vec<_> = split_program_info
        .output_modules
        .iter()
        .map(|(id, info)| (id, info.is_empty))
        .collect();
    let joined = opts
        .joins
        .iter()
        .map(|join| -> Result<_> {
            let modules = joined_modules(&identified, join);
            if modules.len() < 2 {
                return Ok(None);
            }
            let data = emit::emit_joined(&split_program_info, &emit_state, &modules)?;
            let files = modules
                .iter()
                .map(|&i| split_program_info.output_modules[i].0.filename(i))
                .collect();
            Ok(Some((join.name, data, files)))
        })
        .collect::<Result<Vec<_>>>()?;
    emit_span.exit();
    // (4) write the output
    let write_span = perf_span!("write");
    let write_span = write_span.enter();
    std::fs::create_dir_all(opts.output_dir)?;
    let mut split_modules = vec![];
    for (identifier, output_path, data) in wasm_modules {
        // TODO: we could do this asynchronously
        std::fs::write(&output_path, &data)
            .with_context(|| format!("Error emitting {:?}", identifier))?;
        if !matches!(identifier, SplitModuleIdentifier::Main) {
            split_modules.push(output_path);
        }
    }
    let prefetch_map = js_link_module.emit(&opts.output_dir.join(Path::new(link_module)))?;
    let joined = joined
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, (name, data, files))| {
            let path = opts.output_dir.join(format!("join_{i}.wasm"));
            std::fs::write(&path, data).with_context(|| format!("Error emitting join {name}"))?;
            Ok(Joined {
                name: name.to_owned(),
                path,
                files,
            })
        })
        .collect::<Result<_>>()?;
    write_span.exit();

    Ok(SplitWasm {
        split_modules,
        prefetch_map,
        joined,
    })
}

/// The output modules `join` holds, by index into `modules` (each module's
/// identifier, and whether it is empty): those of its points (the chunks
/// each point needs and its own module), in their order, but those of the
/// points there already; empty modules have no file and are left out.
fn joined_modules(modules: &[(&SplitModuleIdentifier, bool)], join: &Join) -> Vec<usize> {
    let of = |points: &[&str]| -> Vec<usize> {
        let named = |name: &String| points.contains(&name.as_str());
        modules
            .iter()
            .enumerate()
            .filter(|(_, (id, is_empty))| {
                !is_empty
                    && match id {
                        SplitModuleIdentifier::Main => false,
                        SplitModuleIdentifier::Split(name) => named(name),
                        SplitModuleIdentifier::Chunk(splits) => splits.iter().any(named),
                    }
            })
            .map(|(i, _)| i)
            .collect()
    };
    let there = of(join.there);
    of(join.points)
        .into_iter()
        .filter(|i| !there.contains(i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{joined_modules, Join, SplitModuleIdentifier as Id};

    #[test]
    fn a_join_holds_its_points_files_but_those_there_and_the_empty() {
        let chunk = |splits: &[&str]| Id::Chunk(splits.iter().map(|s| s.to_string()).collect());
        let split = |name: &str| Id::Split(name.to_owned());
        let modules = [
            Id::Main,
            chunk(&["list", "table", "send"]),
            chunk(&["list", "table"]),
            chunk(&["table", "send"]),
            split("list"),
            split("table"),
            split("send"),
            split("chart"),
        ];
        let modules: Vec<(&Id, bool)> = modules
            .iter()
            .map(|id| (id, matches!(id, Id::Split(n) if n == "chart")))
            .collect();
        let join = |points, there| Join {
            name: "j",
            points,
            there,
        };
        assert_eq!(
            joined_modules(&modules, &join(&["list", "table"], &[])),
            [1, 2, 3, 4, 5]
        );
        assert_eq!(
            joined_modules(&modules, &join(&["send"], &["list", "table"])),
            [6]
        );
        assert_eq!(
            joined_modules(&modules, &join(&["send", "chart", "unknown"], &["list"])),
            [3, 6]
        );
    }
}
