use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{DefaultHasher, Hasher};

use crate::dep_graph::{DepGraph, DepNode};
use crate::graph_utils::tarjan_scc::{SccEvent, SccId, TarjanSccResult};
use crate::read::{ExportId, ImportId, InputFuncId, InputModule};
use crate::tracing_support::perf_span;
use eyre::{anyhow, bail, Result};
use lazy_static::lazy_static;
use regex::Regex;
use tracing::{field, trace, warn};
use wasmparser::TypeRef;

pub(crate) mod data;

pub(crate) const MAIN_MODULE: usize = 0;

#[derive(Debug, PartialEq, Eq, Clone)]
pub struct SplitPoint {
    pub module_name: String,
    pub import: ImportId,
    pub import_func: InputFuncId,
    pub export: ExportId,
    pub export_func: InputFuncId,
}

pub fn get_split_points(module: &InputModule) -> Result<Vec<SplitPoint>> {
    let perf_span = perf_span!("discover split points", split_point_count = field::Empty);
    let _perf_span = perf_span.enter();

    macro_rules! process_imports_or_exports {
        ($pattern:expr, $map:ident, $member:ident, $id_ty:ty) => {
            let mut $map = HashMap::<(String, String), $id_ty>::new();
            {
                lazy_static! {
                    static ref PATTERN: Regex = Regex::new($pattern).unwrap();
                }

                for (id, item) in module.$member.iter().enumerate() {
                    let Some(captures) = PATTERN.captures(&item.name) else {
                        continue;
                    };
                    let (_, [module_name, unique_id]) = captures.extract();
                    $map.insert((module_name.into(), unique_id.into()), id);
                }
            }
        };
    }

    process_imports_or_exports!(
        "__wasm_split_00(.*)00_import_([0-9a-f]{32})",
        import_map,
        imports,
        ImportId
    );
    process_imports_or_exports!(
        "__wasm_split_00(.*)00_export_([0-9a-f]{32})",
        export_map,
        exports,
        ExportId
    );

    let split_points = import_map
        .drain()
        .map(|(key, import_id)| -> Result<SplitPoint> {
            let export_id = export_map
                .remove(&key)
                .ok_or_else(|| anyhow!("No corresponding export for split import {key:?}"))?;
            let export = module.exports[export_id];
            let wasmparser::Export {
                kind: wasmparser::ExternalKind::Func,
                index,
                ..
            } = export
            else {
                bail!("Expected exported function but received: {export:?}");
            };
            let &import_func = module.imported_func_map.get(&import_id).ok_or_else(|| {
                anyhow!(
                    "Expected imported function but received: {:?}",
                    &module.imports[import_id]
                )
            })?;
            Ok(SplitPoint {
                module_name: key.0,
                import: import_id,
                import_func,
                export: export_id,
                export_func: index as InputFuncId,
            })
        })
        .collect::<Result<Vec<SplitPoint>>>()?;

    if !export_map.is_empty() {
        warn!(
            "No corresponding imports for split export(s) {:?}",
            export_map.keys().collect::<Vec<_>>()
        );
    }

    // This sort here should not influence downstream results,
    // but we do it anyway for good measure since its cheap
    let mut split_points = split_points;
    split_points.sort_unstable_by_key(|split| split.export);
    perf_span.record("split_point_count", split_points.len());
    Ok(split_points)
}

#[derive(Debug, Default)]
pub struct OutputModuleInfo {
    pub included_symbols: HashSet<DepNode>,
    pub used_shared_deps: HashSet<DepNode>,
    pub is_empty: bool,
    // a map segment_index -> fragments in this module, filled in by DataEmitInfo
    pub data_fragments: HashMap<usize, Vec<data::Fragment>>,
}

impl OutputModuleInfo {
    pub fn print(&self, module_name: &str, module: &InputModule) {
        print_deps(module_name, module, &self.included_symbols);
    }
}

pub fn trace_enabled(verbose: bool) -> bool {
    verbose && tracing::event_enabled!(tracing::Level::TRACE)
}

fn print_deps(module_name: &str, module: &InputModule, reachable: &HashSet<DepNode>) {
    let format_dep = |dep: &DepNode| match dep {
        DepNode::Function(index) => {
            let name = module.names.functions.get(index);
            format!("func[{index}] <{name:?}>")
        }
        DepNode::DataSymbol(index) => {
            let symbol = module.reloc_info.symbols[*index];
            format!("{symbol:?}")
        }
        DepNode::Global(index) => {
            format!("global[{index}]")
        }
        DepNode::Table(index) => {
            format!("table[{index}]")
        }
        DepNode::Tag(index) => {
            format!("tag[{index}]")
        }
        DepNode::Memory(index) => {
            format!("memory[{index}]")
        }
    };

    trace!("SPLIT: ============== {module_name}");
    let mut total_size: u64 = 0;
    for dep in reachable.iter() {
        if let DepNode::Function(index) = dep {
            let size = index
                .checked_sub(module.imported_funcs.len())
                .map(|defined_index| {
                    let body_range = module.defined_funcs[defined_index].body.range();
                    body_range.end - body_range.start
                })
                .unwrap_or_default();
            total_size += size;
            trace!("   {} size={size:?}", format_dep(dep));
        } else {
            trace!("   {}", format_dep(dep));
        }
    }
    trace!("SPLIT: ============== {module_name}  : total size: {total_size}");
}

fn get_main_module_roots(module: &InputModule, split_points: &[SplitPoint]) -> HashSet<DepNode> {
    let mut roots: HashSet<DepNode> = HashSet::new();
    if let Some(id) = module.start {
        roots.insert(DepNode::Function(id));
    }

    // We root all imports and exports in the main module
    for func_id in 0..module.imported_funcs.len() {
        roots.insert(DepNode::Function(func_id));
    }
    for global_id in 0..module.imported_globals_num {
        roots.insert(DepNode::Global(global_id));
    }
    for table_id in 0..module.imported_tables_num {
        roots.insert(DepNode::Table(table_id));
    }
    for tag_id in 0..module.imported_tags_num {
        roots.insert(DepNode::Tag(tag_id));
    }
    for tag_id in 0..module.imported_memories_num {
        roots.insert(DepNode::Memory(tag_id));
    }
    roots.insert(module.main_memory());
    for wasmparser::Export { index, kind, .. } in module.exports.iter() {
        roots.insert(match kind {
            wasmparser::ExternalKind::Func | wasmparser::ExternalKind::FuncExact => {
                DepNode::Function(*index as usize)
            }
            wasmparser::ExternalKind::Table => DepNode::Table(*index as usize),
            wasmparser::ExternalKind::Global
                if module
                    .reloc_info
                    .split_marker_globals
                    .contains(&(*index as usize)) =>
            {
                continue
            }
            wasmparser::ExternalKind::Global => DepNode::Global(*index as usize),
            wasmparser::ExternalKind::Tag => DepNode::Tag(*index as usize),
            wasmparser::ExternalKind::Memory => DepNode::Memory(*index as usize),
        });
    }

    // We root every unused indirect at the root
    for &func_id in &module.reloc_info.visible_indirects {
        roots.insert(DepNode::Function(func_id));
    }

    // finally, remove all splits points they belong in their own module
    for split_point in split_points.iter() {
        roots.remove(&DepNode::Function(split_point.export_func));
        roots.remove(&DepNode::Function(split_point.import_func));
    }
    roots
}

fn wbg_rooting_funs(_dep_graph: &DepGraph, module: &InputModule) -> HashSet<DepNode> {
    // [wasm-bindgen hack]
    // wasm_bindgen specific hack: we root all functions calling `__wbindgen_describe_cast`.
    // this is explained best with reference to the implementation in
    // https://github.com/wasm-bindgen/wasm-bindgen/blob/8ea6a42f2491ecb53ca08c44399df6ad59caf871/src/rt/mod.rs#L30
    // a non-inline function describes the incoming and outgoing types.
    // since it is generic (to allow later monomorphization), this function can not be exported.
    // calls to this function are then later rewritten by wasm-bindgen to the inserted import.
    let mut users_must_be_in_main = HashSet::new();
    let mut _wbg_describe_cast;
    let mut _wbg_describe_generic;
    for (import_id, import) in module.imports.iter().enumerate() {
        if import.module != "__wbindgen_placeholder__" || !matches!(import.ty, TypeRef::Func(_)) {
            continue;
        }
        if import.name == "__wbindgen_describe_cast" {
            let func_id = module.imported_func_map.get(&import_id).cloned().unwrap();
            _wbg_describe_cast = Some(func_id);
            users_must_be_in_main.insert(DepNode::Function(func_id));
        }
        // Since wasm-bindgen 0.128 casts are instead "generic" to avoid overhead
        // from monomorphization. Hence, they are described differently
        if import.name == "__wbindgen_describe_generic_import" {
            let func_id = module.imported_func_map.get(&import_id).cloned().unwrap();
            _wbg_describe_generic = Some(func_id);
            users_must_be_in_main.insert(DepNode::Function(func_id));
        }
    }

    // Second part of the hack is left out, which would be needed for externref: we root all functions calling wasm_bindgen imports.
    // these are all in danger of getting rewritten during the "externref" pass.
    // wasm-bindgen currently replaces instructions, converting i32 to externref when calling an "adapter"
    // these must end up in the main module.

    // Note: callers to `__wbindgen_describe_cast` will also get replaced with imports and are then
    // subject to further processing via the described externref pass.

    // TODO: iterating the whole dep graph seems excessive
    // Unfortunately, due to inlining in release mode, this means that large functions end up
    // being forced into main.
    // if let Some(wbg_describe_cast) = wbg_describe_cast {
    //     for (dep, children) in dep_graph {
    //         if children.contains(&DepNode::Function(wbg_describe_cast)) {
    //             //users_must_be_in_main.insert(*dep);
    //         }
    //     }
    // }
    users_must_be_in_main
}

fn get_split_roots(splits_in_module: &[&SplitPoint]) -> HashSet<DepNode> {
    let mut roots = HashSet::<DepNode>::new();
    for entry_point in splits_in_module {
        roots.insert(DepNode::Function(entry_point.export_func));
    }
    // TODO: handle memories by rooting memory 0 since there are no relocations to help
    //  do this during dependency analysis.
    roots
}

pub fn get_split_points_by_module(
    split_points: &[SplitPoint],
) -> HashMap<String, Vec<&SplitPoint>> {
    split_points
        .iter()
        .fold(HashMap::new(), |mut map, split_point| {
            map.entry(split_point.module_name.clone())
                .or_default()
                .push(split_point);
            map
        })
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Clone)]
pub enum SplitModuleIdentifier {
    Main,
    Split(String),
    Chunk(BTreeSet<String>),
}

impl SplitModuleIdentifier {
    pub fn filename(&self, module_index: usize) -> String {
        match self {
            Self::Main => unreachable!("main wasm filepath is handled separately"),
            Self::Split(name) => format!("split_{name}"),
            Self::Chunk(_) => format!("chunk_{module_index}"),
        }
    }
    pub fn loader_name(&self) -> String {
        match self {
            // MUST match the name in wasm_split_macros
            Self::Split(name) => format!("__wasm_split_load_{name}"),
            _ => unreachable!("only whole modules have a loader"),
        }
    }

    /// Make this identifier also cover everything that requires `other`: the modules that
    /// require the result are a superset of those requiring either input.
    pub(crate) fn also_in(&mut self, other: &SplitModuleIdentifier) {
        let mut needed_by = BTreeSet::new();
        match self {
            SplitModuleIdentifier::Main => return,
            SplitModuleIdentifier::Split(split) => {
                needed_by.insert(split.clone());
            }
            // temporarily swap out
            SplitModuleIdentifier::Chunk(chunk) => std::mem::swap(chunk, &mut needed_by),
        };
        match other {
            SplitModuleIdentifier::Main => {
                *self = SplitModuleIdentifier::Main;
                return;
            }
            SplitModuleIdentifier::Split(split) => {
                needed_by.insert(split.clone());
            }
            SplitModuleIdentifier::Chunk(chunk) => {
                needed_by.extend(chunk.iter().cloned());
            }
        };
        if needed_by.len() == 1 {
            *self = SplitModuleIdentifier::Split(needed_by.pop_first().unwrap());
        } else {
            debug_assert!(needed_by.len() > 1);
            match self {
                SplitModuleIdentifier::Chunk(chunk) => std::mem::swap(chunk, &mut needed_by),
                _ => *self = SplitModuleIdentifier::Chunk(needed_by),
            }
        }
    }
}

#[derive(Debug, Default)]
pub struct SplitProgramInfo {
    pub output_modules: Vec<(SplitModuleIdentifier, OutputModuleInfo)>,
    pub split_points: Vec<SplitPoint>,
    pub split_point_exports: HashSet<InputFuncId>,

    pub shared_deps: HashSet<DepNode>,
    pub symbol_output_module: HashMap<DepNode, usize>,
    /// A pseudo-unique identifier for the input file and options.
    /// We get better detection if this differs between compilations, but it should be derived from
    /// the input deterministically. Options can (and should) influence this if they lead to different
    /// output modules.
    pub canary_export_name: String,
    /// Related to [wasm-bindgen hack].
    /// wasm-bindgen replaces a part of cast-functions with an import. This import then gets its
    /// signature transformed in some cases in the externref pass. Hence, two things need to happen:
    /// - the replaced function must be in the main module (done by coloring it and its dependencies
    ///   with the main module).
    /// - an additional shim function needs to be used in the indirect_function_table instead of it,
    ///   because other modules expect the original signature.
    pub needs_shim_in_main: HashSet<InputFuncId>,
    pub data_relocations: data::DataEmitInfo,
}

impl SplitProgramInfo {
    /// The name of the additional import included in split modules to verify at link time that they
    /// are loaded from the correct main module.
    pub fn canary_export_name(&self) -> &str {
        &self.canary_export_name
    }
}

struct DepGraphAnalysis<'g> {
    dep_graph: &'g DepGraph,
    wbg_rooting_deps: &'g HashSet<DepNode>,
    scc_searcher: TarjanSccResult,
    scc_root_colors: HashMap<SccId, SplitModuleIdentifier>,
}

struct DepGraphPainter<It> {
    scc_events: It,
    scc_colors: HashMap<SccId, SplitModuleIdentifier>,
    color: SplitModuleIdentifier,
}

fn color_all<It, T>(
    color_map: &mut HashMap<T, SplitModuleIdentifier>,
    roots: It,
    color: SplitModuleIdentifier,
) where
    It: IntoIterator<Item = T>,
    T: Eq + std::hash::Hash,
{
    for root in roots {
        color_map
            .entry(root)
            .and_modify(|module| module.also_in(&color))
            .or_insert(color.clone());
    }
}

impl<'g> DepGraphAnalysis<'g> {
    fn new(dep_graph: &'g DepGraph, wbg_rooting_deps: &'g HashSet<DepNode>) -> Self {
        Self {
            dep_graph,
            wbg_rooting_deps,
            scc_searcher: TarjanSccResult::new(),
            scc_root_colors: HashMap::new(),
        }
    }
    fn explore(&mut self, roots: HashSet<DepNode>, color: SplitModuleIdentifier) {
        let scc_roots = self
            .scc_searcher
            .explore(&roots, self.dep_graph, self.wbg_rooting_deps);
        color_all(&mut self.scc_root_colors, scc_roots, color);
    }
    fn into_painter(self) -> DepGraphPainter<impl Iterator<Item = SccEvent>> {
        let topsort = self.scc_searcher.into_topsort();
        DepGraphPainter {
            scc_events: topsort.into_iter().rev(),
            scc_colors: self.scc_root_colors,
            color: SplitModuleIdentifier::Main,
        }
    }
}

impl<It: Iterator<Item = SccEvent>> DepGraphPainter<It> {
    fn next(&mut self) -> Option<(DepNode, &SplitModuleIdentifier)> {
        loop {
            match self.scc_events.next()? {
                SccEvent::Next {
                    this,
                    out_edges,
                    marked_for_main,
                } => {
                    self.color = self.scc_colors.remove(&this).unwrap();
                    if marked_for_main {
                        self.color = SplitModuleIdentifier::Main;
                    }
                    color_all(&mut self.scc_colors, out_edges, self.color.clone());
                }
                SccEvent::Member { node } => {
                    return Some((node, &self.color));
                }
            }
        }
    }
}

pub fn compute_split_modules(
    module: &InputModule,
    dep_graph: &DepGraph,
    split_points: Vec<SplitPoint>,
    lean_visits: &[&[&str]],
) -> Result<SplitProgramInfo> {
    let split_span = perf_span!("compute splits", module_count = field::Empty);
    let _perf_span = split_span.enter();

    let split_points_by_module = get_split_points_by_module(&split_points);

    trace!("split_points={split_points:?}");

    let split_func_map: HashMap<_, _> = split_points
        .iter()
        .map(|split_point| (split_point.import_func, split_point.export_func))
        .collect();
    let split_point_imports: HashSet<_> = split_func_map
        .keys()
        .map(|&import| DepNode::Function(import))
        .collect();

    let wbg_rooting_deps = wbg_rooting_funs(dep_graph, module);
    let mut graph_analysis = DepGraphAnalysis::new(dep_graph, &wbg_rooting_deps);

    // Determine reachable symbols (excluding main module symbols) for each
    // split module. Symbols may be reachable from more than one split module;
    // these symbols will be moved to a separate module.
    let perf_span = perf_span!("explore module", module = "<main>");
    let perf_span = perf_span.enter();
    let main_roots = get_main_module_roots(module, &split_points);
    graph_analysis.explore(main_roots, SplitModuleIdentifier::Main);
    perf_span.exit();

    for (module_name, entry_points) in &split_points_by_module {
        let perf_span = perf_span!("explore module", module = module_name);
        let _perf_span = perf_span.enter();
        let roots = get_split_roots(entry_points);
        graph_analysis.explore(roots, SplitModuleIdentifier::Split(module_name.clone()));
    }

    let mut program_info = SplitProgramInfo::default();
    // We "paint" each dependency with the modules it must be loaded in, then put them into that module
    // accordingly.
    let perf_span = perf_span!("paint dep nodes");
    let perf_span = perf_span.enter();
    let mut painter = graph_analysis.into_painter();
    let mut split_module_contents = HashMap::<SplitModuleIdentifier, OutputModuleInfo>::new();
    while let Some((node, color)) = painter.next() {
        if split_point_imports.contains(&node) {
            continue;
        }
        let module = match split_module_contents.get_mut(color) {
            Some(module) => module,
            None => split_module_contents.entry(color.clone()).or_default(),
        };
        module.included_symbols.insert(node);
        let DepNode::Function(func_id) = node else {
            continue;
        };
        if color == &SplitModuleIdentifier::Main
            && dep_graph
                .get(&node)
                .is_some_and(|deps| !deps.is_disjoint(&wbg_rooting_deps))
        {
            program_info.needs_shim_in_main.insert(func_id);
        }
    }
    perf_span.exit();
    let lean_visits = known_visits(lean_visits, |point| {
        split_points_by_module.contains_key(point)
    });
    merge_small_chunks(module, &mut split_module_contents, &lean_visits);

    // Now, check for each module which of its dependencies it needs to import from some other module.
    for (name, out_module) in split_module_contents.iter_mut() {
        let perf_span = perf_span!("discover shared deps", module = ?name);
        let _perf_span = perf_span.enter();
        let needed_symbols = out_module
            .included_symbols
            .iter()
            .filter_map(|dep| dep_graph.get(dep))
            .flatten()
            .cloned()
            // We share two symbols always:
            // - memory 0 since no relocations for memories exist, and this is our main memory
            // - the indirect function table. We could track the need for this via usages of `TableIndex` relocations (and some other uses),
            //   but this almost always will be needed, anyway, so the analysis would be expensive for little optimization gain.
            //   Instead, we decide on imports of the indirect function table per module, but always export it (from the main module).
            .chain([module.main_memory(), module.indirect_function_table()]);
        for mut dep_to_check in needed_symbols {
            if let DepNode::Function(called_func_id) = &mut dep_to_check {
                // dependencies on module-entries are converted to their exposed impl
                if let Some(mapped_func_id) = split_func_map.get(called_func_id) {
                    *called_func_id = *mapped_func_id;
                }
            }
            let in_other_module = !out_module.included_symbols.contains(&dep_to_check);
            if !in_other_module {
                continue;
            }
            // data symbols need no tracking for sharing, as long as they are defined
            // when needed, as they don't need to be imported or shimmed.
            if let DepNode::DataSymbol(_) = dep_to_check {
                continue;
            }
            out_module.used_shared_deps.insert(dep_to_check);
            program_info.shared_deps.insert(dep_to_check);
        }
    }
    // Then, guarantee that we have a module for each declared on in the code (so that it doesn't get lost during emit).
    for out_module in split_points_by_module.keys() {
        split_module_contents
            .entry(SplitModuleIdentifier::Split(out_module.clone()))
            .or_insert_with(|| {
                // An optimization pass can sometimes merge multiple exported functions across split modules, when
                // two modules end up doing "the same thing". In that case, a module might be completely empty, i.e.
                // not have an included symbols.
                // We still instantiate one, mainly because the loader must still exist. Often, in this case, a chunk
                // shared by all these "merged" modules contains most of the implementation which must still be loaded.
                // In any case, the loader is only on the javascript side.
                OutputModuleInfo {
                    is_empty: true,
                    ..OutputModuleInfo::default()
                }
            });
    }

    for split_point in &split_points {
        program_info
            .shared_deps
            .insert(DepNode::Function(split_point.export_func));
        program_info
            .split_point_exports
            .insert(split_point.export_func);
    }
    program_info.split_points = split_points;

    program_info.output_modules = split_module_contents.into_iter().collect();
    // We sort by split module here to get a stable assignment from split->output index
    // An unstable sort is sufficient, no two keys compare equal.
    program_info
        .output_modules
        .sort_unstable_by_key(|(identifier, _)| (*identifier).clone());
    split_span.record("module_count", program_info.output_modules.len());

    let perf_span = perf_span!("build reverse lookup");
    let perf_span = perf_span.enter();
    for (output_index, (_, info)) in program_info.output_modules.iter().enumerate() {
        for &symbol in info.included_symbols.iter() {
            program_info
                .symbol_output_module
                .insert(symbol, output_index);
        }
    }
    perf_span.exit();

    let perf_span = perf_span!("data symbols");
    let perf_span = perf_span.enter();
    // Data symbols can overlap without dependencies between them, mostly due to string tail merging.
    // Hence, not every included symbol in a module should lead to data bytes in its segments.
    program_info.data_relocations = data::DataEmitInfo::build(module, &mut program_info)?;
    for (module_index, (_, output_module)) in program_info.output_modules.iter_mut().enumerate() {
        output_module.is_empty |= !module_defines_anything(
            module,
            output_module,
            &program_info.data_relocations,
            module_index,
        )
    }
    perf_span.exit();

    // This exact implementation can differ between different compilations of the CLI, specifically
    // between rust versions. That is fine and intended.
    let perf_span = perf_span!("canary fingerprint");
    let perf_span = perf_span.enter();
    let mut hasher = DefaultHasher::new();
    hasher.write(env!("CARGO_PKG_VERSION").as_bytes()); // TODO: hasher.write_str(_) once that's stabilized
    hasher.write(module.raw);
    // once options impact the output module, these should be hashed too
    program_info.canary_export_name = format!("__canary_{:x}", hasher.finish());
    perf_span.exit();
    Ok(program_info)
}

fn module_defines_anything(
    input_module: &InputModule,
    info: &OutputModuleInfo,
    data: &data::DataEmitInfo,
    output_module_index: usize,
) -> bool {
    let defines_function = info.included_symbols.iter().any(|dep| match dep {
        DepNode::Function(id) => *id >= input_module.imported_funcs.len(),
        _ => false,
    });
    defines_function || data.emits_data_in(input_module, output_module_index, info)
}

/// Shared code under this many bytes of function bodies and data (as the
/// input holds them) is small: [`merge_small_chunks`] (gamecloud's patch)
/// may put it in one file with other chunks. Measured on the panel in
/// docs/SIZE.md.
const SMALL_CHUNK: u64 = 4096;

/// What a file of its own costs each split that fetches it, in bytes as
/// [`chunk_bytes`] counts them: its header, the main module's functions it
/// imports and its exports by name, the loader's runtime and entry, a fresh
/// gzip window (the panel's smallest part, one small function, is about as
/// large gzipped as 2 KiB of code).
const FILE_BYTES: u64 = 2048;

/// What a file costs every page, whether it fetches the file or not, in the
/// same bytes: its name and integrity hash in the loader, which the main
/// module's glue holds.
const ENTRY_BYTES: u64 = 256;

/// The bytes of function bodies and data `info` defines (data symbols that
/// overlap, as merged string tails do, are counted for each).
fn chunk_bytes(module: &InputModule, data: &HashMap<usize, u64>, info: &OutputModuleInfo) -> u64 {
    let imported = module.imported_funcs.len();
    info.included_symbols
        .iter()
        .map(|dep| match dep {
            DepNode::Function(id) if *id >= imported => {
                let range = module.defined_funcs[*id - imported].body.range();
                range.end - range.start
            }
            DepNode::DataSymbol(symbol) => data.get(symbol).copied().unwrap_or(0),
            _ => 0,
        })
        .sum()
}

/// Puts small chunks in files with others where that lowers what the pages
/// fetch in all (gamecloud's patch). Each split fetches every file holding
/// code it needs: a file costs each split that fetches it [`FILE_BYTES`],
/// and the bytes of each chunk in it that the split does not need; and
/// every page, the main module's among them, [`ENTRY_BYTES`]. Starting from
/// a file per chunk, the two files whose union lowers that total most
/// become one, one of them under [`SMALL_CHUNK`], until no union lowers it.
/// A union that would bring one of the `lean` visits (the splits a page
/// fetches together) code none of its splits needs is never made.
fn merge_small_chunks(
    module: &InputModule,
    contents: &mut HashMap<SplitModuleIdentifier, OutputModuleInfo>,
    lean: &[&[&str]],
) {
    let data: HashMap<usize, u64> = module
        .reloc_info
        .data_symbols
        .iter()
        .map(|d| (d.symbol_index, d.range.end - d.range.start))
        .collect();
    // Each file: the splits that fetch it, and its chunks with their splits
    // and bytes. In a stable order, so that equal costs choose alike.
    let mut files: Vec<File> = contents
        .iter()
        .filter_map(|(id, info)| match id {
            SplitModuleIdentifier::Chunk(splits) => Some(File {
                splits: splits.clone(),
                chunks: vec![(splits.clone(), chunk_bytes(module, &data, info))],
            }),
            _ => None,
        })
        .collect();
    files.sort_by(|a, b| a.splits.cmp(&b.splits));
    // The pages: each split's, and the main module's alone.
    let pages = files
        .iter()
        .flat_map(|f| f.splits.iter())
        .collect::<HashSet<_>>()
        .len() as i64
        + 1;
    let entry = pages * ENTRY_BYTES as i64;
    loop {
        let mut best: Option<(i64, usize, usize)> = None;
        for i in 0..files.len() {
            for j in i + 1..files.len() {
                if files[i].bytes().min(files[j].bytes()) >= SMALL_CHUNK {
                    continue;
                }
                let joined = files[i].joined(&files[j]);
                if lean.iter().any(|visit| joined.brings_unneeded(visit)) {
                    continue;
                }
                let gain =
                    joined.cost() as i64 - files[i].cost() as i64 - files[j].cost() as i64 - entry;
                if gain < 0 && best.is_none_or(|(g, ..)| gain < g) {
                    best = Some((gain, i, j));
                }
            }
        }
        let Some((_, i, j)) = best else { break };
        let second = files.remove(j);
        files[i] = files[i].joined(&second);
    }
    // Every chunk of a union taken out first, then each union put in: a
    // union's splits may be those of a chunk that another union takes.
    let unions: Vec<(BTreeSet<String>, HashSet<DepNode>)> = files
        .into_iter()
        .filter(|file| file.chunks.len() > 1)
        .map(|file| {
            let mut symbols = HashSet::new();
            for (splits, _) in &file.chunks {
                if let Some(info) = contents.remove(&SplitModuleIdentifier::Chunk(splits.clone())) {
                    symbols.extend(info.included_symbols);
                }
            }
            (file.splits, symbols)
        })
        .collect();
    for (splits, symbols) in unions {
        contents
            .entry(SplitModuleIdentifier::Chunk(splits))
            .or_default()
            .included_symbols
            .extend(symbols);
    }
}

/// The visits of `lean` whose every split point this module has (`has`):
/// a visit naming one it does not have is none of its visits, and its other
/// points are fetched with others there, not alone (gamecloud's patch).
fn known_visits<'a>(lean: &[&'a [&'a str]], has: impl Fn(&str) -> bool) -> Vec<&'a [&'a str]> {
    lean.iter()
        .copied()
        .filter(|visit| visit.iter().all(|point| has(point)))
        .collect()
}

/// One file of shared chunks, as [`merge_small_chunks`] weighs it.
struct File {
    /// The splits that fetch it: every split that needs any of its chunks.
    splits: BTreeSet<String>,
    /// Its chunks: the splits that need each, and its bytes.
    chunks: Vec<(BTreeSet<String>, u64)>,
}

impl File {
    fn bytes(&self) -> u64 {
        self.chunks.iter().map(|c| c.1).sum()
    }

    /// What its splits pay for it: the file, and the bytes each fetches
    /// without needing them (its entry in the loader aside, the same for
    /// every file).
    fn cost(&self) -> u64 {
        let unneeded: u64 = self
            .chunks
            .iter()
            .map(|(splits, bytes)| (self.splits.len() - splits.len()) as u64 * bytes)
            .sum();
        self.splits.len() as u64 * FILE_BYTES + unneeded
    }

    /// True if `visit` (splits fetched together) fetches this file and
    /// none of its splits needs some of it.
    fn brings_unneeded(&self, visit: &[&str]) -> bool {
        let needs = |splits: &BTreeSet<String>| visit.iter().any(|s| splits.contains(*s));
        needs(&self.splits) && self.chunks.iter().any(|(splits, _)| !needs(splits))
    }

    fn joined(&self, other: &File) -> File {
        File {
            splits: self.splits.union(&other.splits).cloned().collect(),
            chunks: self.chunks.iter().chain(&other.chunks).cloned().collect(),
        }
    }
}

/// gamecloud's patch: [`merge_small_chunks`] over a hand-made module, whose
/// functions are bodies of given lengths and whose data symbols are ranges.
#[cfg(test)]
mod small_chunk_tests {
    use super::*;
    use crate::read::{DefinedFunc, ImportedFunc};
    use crate::reloc::{DataSymbol, RelocInfo};
    use wasmparser::{BinaryReader, FunctionBody};

    const CODE: [u8; 2 * SMALL_CHUNK as usize] = [0; 2 * SMALL_CHUNK as usize];

    /// One imported function (id 0), then one defined function per length
    /// in `bodies` (ids 1, 2, ...), and a data symbol per length in `data`
    /// (symbols 0, 1, ...).
    fn module(bodies: &[usize], data: &[u64]) -> InputModule<'static> {
        let defined_funcs = bodies
            .iter()
            .map(|&len| DefinedFunc {
                type_id: 0,
                body: FunctionBody::new(BinaryReader::new(&CODE[..len], 100)),
            })
            .collect();
        let data_symbols = data
            .iter()
            .enumerate()
            .map(|(symbol_index, &len)| DataSymbol {
                symbol_index,
                range: 1000..1000 + len,
            })
            .collect();
        let mut reloc_info = RelocInfo::default();
        reloc_info.data_symbols = data_symbols;
        InputModule {
            imported_funcs: vec![ImportedFunc {
                type_id: 0,
                import_id: 0,
            }],
            defined_funcs,
            reloc_info,
            ..InputModule::default()
        }
    }

    fn chunk(splits: &[&str]) -> SplitModuleIdentifier {
        SplitModuleIdentifier::Chunk(splits.iter().map(|s| s.to_string()).collect())
    }

    fn holding(symbols: &[DepNode]) -> OutputModuleInfo {
        OutputModuleInfo {
            included_symbols: symbols.iter().copied().collect(),
            ..OutputModuleInfo::default()
        }
    }

    /// What each output module holds, in a comparable order.
    fn layout(
        contents: &HashMap<SplitModuleIdentifier, OutputModuleInfo>,
    ) -> Vec<(SplitModuleIdentifier, Vec<DepNode>)> {
        let mut layout: Vec<_> = contents
            .iter()
            .map(|(id, info)| {
                let mut symbols: Vec<_> = info.included_symbols.iter().copied().collect();
                symbols.sort();
                (id.clone(), symbols)
            })
            .collect();
        layout.sort();
        layout
    }

    #[test]
    fn small_chunks_share_a_file_where_that_costs_the_splits_less() {
        use DepNode::{DataSymbol as Data, Function as F};
        // Functions 1..=6 are 10, 10, 5000, 3000, 100 and 100 bytes long;
        // data symbol 0 is 5000.
        let module = module(&[10, 10, 5000, 3000, 100, 100], &[5000]);
        let mut contents = HashMap::from([
            // 10 bytes for "a" and "b": in the larger chunk "a", "b" and
            // "c" fetch, "c" pays 10 bytes rather than "a" and "b" a file
            // each: it joins it.
            (chunk(&["a", "b"]), holding(&[F(1)])),
            (chunk(&["a", "b", "c"]), holding(&[F(3)])),
            // 3000 bytes for "a": in a file fetched by more splits, each of
            // them would pay more than the file costs "a": it stays.
            (chunk(&["a"]), holding(&[F(4)])),
            // 100 bytes for "d", 100 for "d" and "e": one file for both,
            // "e" paying 100 unneeded bytes, costs less than "d" fetching
            // two files.
            (chunk(&["d"]), holding(&[F(5)])),
            (chunk(&["d", "e"]), holding(&[F(6)])),
            // Large, and no split pays less with it in another file.
            (chunk(&["f", "g"]), holding(&[Data(0)])),
            // Not shared chunks: never moved.
            (SplitModuleIdentifier::Main, holding(&[F(2)])),
        ]);
        merge_small_chunks(&module, &mut contents, &[]);
        assert_eq!(
            layout(&contents),
            vec![
                (SplitModuleIdentifier::Main, vec![F(2)]),
                (chunk(&["a"]), vec![F(4)]),
                (chunk(&["a", "b", "c"]), vec![F(1), F(3)]),
                (chunk(&["d", "e"]), vec![F(5), F(6)]),
                (chunk(&["f", "g"]), vec![Data(0)]),
            ]
        );
    }

    #[test]
    fn a_lean_split_fetches_no_code_it_does_not_need() {
        use DepNode::Function as F;
        // As "d" and "e" above, but "e" is lean: "d" fetches two files
        // rather than "e" paying 100 bytes it does not need.
        let module = module(&[100, 100], &[]);
        let mut contents = HashMap::from([
            (chunk(&["d"]), holding(&[F(1)])),
            (chunk(&["d", "e"]), holding(&[F(2)])),
        ]);
        merge_small_chunks(&module, &mut contents, &[&["e"]]);
        assert_eq!(
            layout(&contents),
            vec![
                (chunk(&["d"]), vec![F(1)]),
                (chunk(&["d", "e"]), vec![F(2)])
            ]
        );
    }

    #[test]
    fn a_lean_split_still_shares_files_whose_code_it_all_needs() {
        use DepNode::Function as F;
        // 100 bytes for "e", 100 for "d" and "e": one file for both brings
        // "e" nothing it does not need, and "d" 100 bytes rather than "e"
        // fetching two files: they join.
        let module = module(&[100, 100], &[]);
        let mut contents = HashMap::from([
            (chunk(&["e"]), holding(&[F(1)])),
            (chunk(&["d", "e"]), holding(&[F(2)])),
        ]);
        merge_small_chunks(&module, &mut contents, &[&["e"]]);
        assert_eq!(
            layout(&contents),
            vec![(chunk(&["d", "e"]), vec![F(1), F(2)])]
        );
    }

    #[test]
    fn a_lean_visit_shares_files_whose_code_one_of_its_splits_needs() {
        use DepNode::Function as F;
        // "l" is fetched with "t" on one page, with "p" on another. Code "l"
        // needs and code "p" and "t" both need join: each page needs all of
        // it (a lean split "l" alone would refuse). Code only "t" needs stays
        // apart: the page of "l" and "p" would fetch it.
        let module = module(&[100, 100, 100], &[]);
        let mut contents = HashMap::from([
            (chunk(&["l"]), holding(&[F(1)])),
            (chunk(&["p", "t"]), holding(&[F(2)])),
            (chunk(&["t"]), holding(&[F(3)])),
        ]);
        merge_small_chunks(&module, &mut contents, &[&["l", "t"], &["l", "p"]]);
        assert_eq!(
            layout(&contents),
            vec![
                (chunk(&["l", "p", "t"]), vec![F(1), F(2)]),
                (chunk(&["t"]), vec![F(3)]),
            ]
        );
    }

    #[test]
    fn a_visit_naming_a_point_the_module_lacks_is_not_one_of_its_visits() {
        let lean: &[&[&str]] = &[&["l", "t"], &["l", "p"], &["d"]];
        let known = known_visits(lean, |point| point != "p");
        assert_eq!(known, vec![&["l", "t"][..], &["d"][..]]);
    }

    #[test]
    fn large_chunks_stay_files_of_their_own() {
        let module = module(&[5000, 5000], &[]);
        let mut contents = HashMap::from([
            (chunk(&["a", "b"]), holding(&[DepNode::Function(1)])),
            (chunk(&["b", "c"]), holding(&[DepNode::Function(2)])),
        ]);
        merge_small_chunks(&module, &mut contents, &[]);
        assert_eq!(
            layout(&contents),
            vec![
                (chunk(&["a", "b"]), vec![DepNode::Function(1)]),
                (chunk(&["b", "c"]), vec![DepNode::Function(2)]),
            ]
        );
    }
}
