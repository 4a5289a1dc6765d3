//! Short import names. wasm-bindgen names each function the wasm imports from
//! its glue `__wbg_<name>_<16 hex digits>` and writes every name twice, in the
//! wasm's import section and as a key of the glue's import object; the hashes
//! do not compress. Renamed here to `A`, `B`, … `Ab`, … in both files (and the
//! module `./x_bg.js` to `a`), which both outputs gain from
//! (docs/SIZE.md, size rule "short import names"). Nothing else refers to
//! them: each key must occur once in the glue, or nothing is renamed.
//!
//! The same for the exports that call Rust closures from JS
//! (`wasm_bindgen_<crate hash>___convert__closures_____invoke___<the closure's
//! types>`, [`shorten_exports`]), which the glue reads as `wasm.<name>`.

use anyhow::{anyhow, bail, Context, Result};

/// Renames the imports of `wasm` that come from `module` and their keys in
/// `glue`; returns the new wasm and glue.
pub fn shorten(wasm: &[u8], glue: &str, module: &str) -> Result<(Vec<u8>, String)> {
    let (imports, at, len) = import_section(wasm)?;
    let mut section = Vec::new();
    let mut glue = replace_key(glue, &format!("\"{module}\""), "a")?;
    leb(&mut section, imports.len() as u64);
    let mut n = 0;
    for import in &imports {
        if import.module == module {
            let short = short_name(n);
            n += 1;
            glue = replace_key(&glue, &import.name, &short)?;
            name(&mut section, "a");
            name(&mut section, &short);
        } else {
            name(&mut section, &import.module);
            name(&mut section, &import.name);
        }
        section.extend_from_slice(&import.desc);
    }
    Ok((replace_section(wasm, 2, at, len, &section), glue))
}

/// True for the name wasm-bindgen gives an export that runs a Rust closure
/// for JS: its crate's name and hash, then this, then the closure's types.
pub fn is_closure_export(name: &str) -> bool {
    name.starts_with("wasm_bindgen") && name.contains("_convert__closures_____invoke_")
}

/// Renames the exports of `wasm` that `renamed` picks to `_0`, `_1`, …, and
/// every `wasm.<name>` of them in `glue`; returns the new wasm and glue. No
/// export picked (the names changed with wasm-bindgen: this rule would stop
/// paying without a word), an export the glue never reads as `wasm.<name>`,
/// or a short name already taken leaves everything as it was (an error).
pub fn shorten_exports(
    wasm: &[u8],
    glue: &str,
    renamed: impl Fn(&str) -> bool,
) -> Result<(Vec<u8>, String)> {
    let (mut r, at, len) = section_body(wasm, 7, "export")?;
    let mut exports = Vec::new();
    for _ in 0..r.leb()? {
        let name = r.name()?;
        let kind = r.byte()?;
        exports.push((name, kind, r.leb()?));
    }
    let (mut section, mut glue, mut n) = (Vec::new(), glue.to_owned(), 0);
    leb(&mut section, exports.len() as u64);
    for (export, kind, index) in &exports {
        let mut new = export.clone();
        if renamed(export) {
            new = format!("_{n}");
            n += 1;
            if exports.iter().any(|(e, ..)| *e == new) {
                bail!("an export is already named {new}");
            }
            glue = replace_member(&glue, &format!("wasm.{export}"), &format!("wasm.{new}"))?;
        }
        name(&mut section, &new);
        section.push(*kind);
        leb(&mut section, *index);
    }
    if n == 0 {
        bail!("no export to rename: have wasm-bindgen's names changed?");
    }
    Ok((replace_section(wasm, 7, at, len, &section), glue))
}

/// The prefix of the exports Leptos's `wasm_split` leaves in every wasm it is
/// compiled into, for the splitter to find (`wasm_split_helpers`' marker).
const SPLIT_MARKER: &str = "_WASM_SPLIT_MARKER_";

/// `wasm` without the split markers' exports, in a wasm that is not split
/// (the elements entry): nothing reads them there, and their names end in a
/// hash of the path where cargo keeps `wasm_split_helpers`' sources, so they
/// would make the same sources give other bytes with another cargo home
/// (docs/SIZE.md, "Same bytes whoever builds"). A wasm without them is
/// returned as it is.
pub fn drop_split_markers(wasm: &[u8]) -> Result<Vec<u8>> {
    let Some((at, len)) = section(wasm, 7)? else {
        return Ok(wasm.to_vec());
    };
    let (mut r, ..) = section_body(wasm, 7, "export")?;
    let mut kept = Vec::new();
    let count = r.leb()?;
    for _ in 0..count {
        let start = r.at;
        let name = r.name()?;
        r.byte()?;
        r.leb()?;
        if !name.starts_with(SPLIT_MARKER) {
            kept.push(&wasm[start..r.at]);
        }
    }
    if kept.len() as u64 == count {
        return Ok(wasm.to_vec());
    }
    let mut section = Vec::new();
    leb(&mut section, kept.len() as u64);
    kept.iter()
        .for_each(|export| section.extend_from_slice(export));
    Ok(replace_section(wasm, 7, at, len, &section))
}

/// `wasm` with the section of id `id` whose header starts at `at` and spans
/// `len` bytes with it ([`section_body`]) replaced by one holding `body`.
fn replace_section(wasm: &[u8], id: u8, at: usize, len: usize, body: &[u8]) -> Vec<u8> {
    let mut out = wasm[..at].to_vec();
    out.push(id);
    leb(&mut out, body.len() as u64);
    out.extend_from_slice(body);
    out.extend_from_slice(&wasm[at + len..]);
    out
}

/// Replaces every `old` that does not continue into a longer name; there must
/// be at least one.
fn replace_member(glue: &str, old: &str, new: &str) -> Result<String> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let (mut out, mut rest, mut found) = (String::new(), glue, 0);
    while let Some(i) = rest.find(old) {
        let after = &rest[i + old.len()..];
        out.push_str(&rest[..i]);
        if after.starts_with(ident) {
            out.push_str(old);
        } else {
            out.push_str(new);
            found += 1;
        }
        rest = after;
    }
    out.push_str(rest);
    if found == 0 {
        bail!("the glue never reads {old}: not renamed");
    }
    Ok(out)
}

/// Where section `id` starts (its id byte) and how long it is, id and size
/// included; `None` if the module has none.
fn section(wasm: &[u8], id: u8) -> Result<Option<(usize, usize)>> {
    if wasm.get(..8) != Some(b"\0asm\x01\0\0\0".as_slice()) {
        bail!("not a wasm module (version 1)");
    }
    let mut r = Reader { bytes: wasm, at: 8 };
    while r.at < wasm.len() {
        let start = r.at;
        let this = r.byte()?;
        let size = r.leb()? as usize;
        let end = r.at + size;
        if end > wasm.len() {
            bail!("a section of the wasm ends after the file");
        }
        if this == id {
            return Ok(Some((start, end - start)));
        }
        r.at = end;
    }
    Ok(None)
}

/// A reader at the start of section `id`'s body (past its id and size), and
/// where the section starts and how long it is, as [`section`] says.
fn section_body<'a>(wasm: &'a [u8], id: u8, what: &str) -> Result<(Reader<'a>, usize, usize)> {
    let (start, len) =
        section(wasm, id)?.with_context(|| format!("the wasm has no {what} section"))?;
    let mut r = Reader {
        bytes: wasm,
        at: start + 1,
    };
    r.leb()?;
    Ok((r, start, len))
}

struct Import {
    module: String,
    name: String,
    /// The import's kind and type, copied as they are.
    desc: Vec<u8>,
}

/// The imports, and where the whole import section (id and size included)
/// starts and how long it is.
fn import_section(wasm: &[u8]) -> Result<(Vec<Import>, usize, usize)> {
    let (mut r, start, len) = section_body(wasm, 2, "import")?;
    let mut imports = Vec::new();
    for _ in 0..r.leb()? {
        let module = r.name()?;
        let name = r.name()?;
        let desc_start = r.at;
        match r.byte()? {
            0 => drop(r.leb()?),                 // function: type index
            1 => drop((r.byte()?, r.limits()?)), // table: element type, limits
            2 => r.limits()?,                    // memory
            3 => drop((r.byte()?, r.byte()?)),   // global: value type, mutability
            4 => drop((r.byte()?, r.leb()?)),    // tag: attribute, type index
            other => bail!("import kind {other} is not known here"),
        }
        let desc = wasm[desc_start..r.at].to_vec();
        imports.push(Import { module, name, desc });
    }
    if r.at != start + len {
        bail!("the import section does not end where its size says");
    }
    Ok((imports, start, len))
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8> {
        let b = *self.bytes.get(self.at).context("the wasm ends early")?;
        self.at += 1;
        Ok(b)
    }

    fn leb(&mut self) -> Result<u64> {
        let (mut value, mut shift) = (0u64, 0);
        loop {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
            shift += 7;
            if shift > 63 {
                bail!("a number in the wasm is too long");
            }
        }
    }

    fn name(&mut self) -> Result<String> {
        let len = self.leb()? as usize;
        let bytes = self
            .bytes
            .get(self.at..self.at + len)
            .context("the wasm ends inside a name")?;
        self.at += len;
        String::from_utf8(bytes.to_vec()).context("a name in the wasm is not UTF-8")
    }

    /// Limits: flags, minimum, and a maximum when flag bit 0 is set.
    fn limits(&mut self) -> Result<()> {
        let flags = self.byte()?;
        self.leb()?;
        if flags & 1 == 1 {
            self.leb()?;
        }
        Ok(())
    }
}

fn leb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let b = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn name(out: &mut Vec<u8>, name: &str) {
    leb(out, name.len() as u64);
    out.extend_from_slice(name.as_bytes());
}

/// `A`…`Z`, then `Aa`…`Zz`, …: never a JS keyword (those are lower case).
fn short_name(mut n: usize) -> String {
    const FIRST: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut s = String::from(FIRST[n % FIRST.len()] as char);
    n /= FIRST.len();
    while n > 0 {
        n -= 1;
        s.push(REST[n % REST.len()] as char);
        n /= REST.len();
    }
    s
}

/// Replaces the one occurrence of `key` that stands alone (not inside a
/// longer name), which must be followed by `:`.
fn replace_key(glue: &str, key: &str, new: &str) -> Result<String> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let found: Vec<usize> = glue
        .match_indices(key)
        .map(|(i, _)| i)
        .filter(|&i| !glue[..i].ends_with(ident) && !glue[i + key.len()..].starts_with(ident))
        .collect();
    match found[..] {
        [i] if glue[i + key.len()..].trim_start().starts_with(':') => {
            Ok(format!("{}{new}{}", &glue[..i], &glue[i + key.len()..]))
        }
        _ => Err(anyhow!(
            "the glue names {key} {} times, not once as a key: not renamed",
            found.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module of two exports: a split marker (a global) and `f`.
    fn marked_module() -> Vec<u8> {
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        let mut exports = Vec::new();
        leb(&mut exports, 2);
        name(&mut exports, "_WASM_SPLIT_MARKER_0123456789abcdefversion");
        exports.extend_from_slice(&[3, 0]); // a global, index 0
        name(&mut exports, "f");
        exports.extend_from_slice(&[0, 0]); // a function, index 0
        wasm.push(7);
        leb(&mut wasm, exports.len() as u64);
        wasm.extend_from_slice(&exports);
        wasm
    }

    #[test]
    fn split_markers_are_dropped_and_other_exports_kept() {
        let wasm = drop_split_markers(&marked_module()).unwrap();
        let (mut r, ..) = section_body(&wasm, 7, "export").unwrap();
        assert_eq!(r.leb().unwrap(), 1);
        assert_eq!(r.name().unwrap(), "f");
        assert_eq!(&wasm[r.at..], [0, 0]);
        // Nothing to drop: the same bytes.
        assert_eq!(drop_split_markers(&wasm).unwrap(), wasm);
    }

    #[test]
    fn short_names_are_unique_and_never_keywords() {
        let names: Vec<String> = (0..3000).map(short_name).collect();
        let unique: std::collections::BTreeSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        assert!(names
            .iter()
            .all(|n| n.starts_with(|c: char| c.is_ascii_uppercase())));
        assert_eq!(&names[..3], ["A", "B", "C"]);
    }

    #[test]
    fn a_key_inside_a_longer_name_or_used_twice_is_refused() {
        let glue = r#"{"./m.js":{__wbg_f_1:function(){},__wbg_f_12:function(){}}}"#;
        let renamed = replace_key(glue, "__wbg_f_1", "A").unwrap();
        assert_eq!(
            renamed,
            r#"{"./m.js":{A:function(){},__wbg_f_12:function(){}}}"#
        );
        assert!(replace_key("x.__wbg_g(); {__wbg_g:1}", "__wbg_g", "B").is_err());
    }

    #[test]
    fn a_closure_export_is_told_by_wasm_bindgen_names_old_and_new() {
        for closure in [
            "wasm_bindgen__convert__closures_____invoke__h5ab7e2c1d0f3a9b8",
            "wasm_bindgen_c34b4271e9442965___convert__closures_____invoke_______true_",
            "wasm_bindgen_8ff98043b82c3d82___convert__closures_____invoke___wasm_bindgen_8ff98043b82c3d82___JsValue______true_",
        ] {
            assert!(is_closure_export(closure), "{closure}");
        }
        for other in [
            "memory",
            "__wbindgen_malloc",
            "__wasm_split_shared0",
            "start",
            "validate_request",
        ] {
            assert!(!is_closure_export(other), "{other}");
        }
    }

    #[test]
    fn closure_exports_are_renamed_in_the_wasm_and_wherever_the_glue_reads_them() {
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        wasm.extend([1, 4, 1, 0x60, 0, 0]); // type 0: [] -> []
        let mut exports = Vec::new();
        leb(&mut exports, 3);
        for (n, index) in [("memory", 0), ("w__invoke__h1", 1), ("w__invoke__h12", 2)] {
            name(&mut exports, n);
            let kind = if n == "memory" { 2 } else { 0 };
            exports.extend([kind, index]);
        }
        wasm.push(7);
        leb(&mut wasm, exports.len() as u64);
        wasm.extend(&exports);
        wasm.extend([10, 1, 0]); // an empty code section after it
        let glue = "function w__invoke__h1(a){return wasm.w__invoke__h1(a)} wasm.w__invoke__h12(); wasm.w__invoke__h1(b);";
        let (out, short) = shorten_exports(&wasm, glue, |n| n.starts_with("w__invoke__")).unwrap();
        assert_eq!(
            short,
            "function w__invoke__h1(a){return wasm._0(a)} wasm._1(); wasm._0(b);"
        );
        let (at, _) = section(&out, 7).unwrap().unwrap();
        let mut r = Reader {
            bytes: &out,
            at: at + 2,
        };
        let names: Vec<String> = (0..r.leb().unwrap())
            .map(|_| {
                let n = r.name().unwrap();
                r.byte().unwrap();
                r.leb().unwrap();
                n
            })
            .collect();
        assert_eq!(names, ["memory", "_0", "_1"]);
        assert_eq!(out[out.len() - 3..], [10, 1, 0]);
        // The glue must read each one it renames.
        assert!(shorten_exports(&wasm, "wasm.w__invoke__h1()", |n| n
            .starts_with("w__invoke__"))
        .is_err());
        // And rename one at least.
        assert!(shorten_exports(&wasm, glue, |n| n.starts_with("none")).is_err());
    }

    #[test]
    fn the_import_section_is_rewritten_and_the_rest_kept() {
        // A module with a type section, two imports from "./m.js" and one
        // from "env", and an export section after them.
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        wasm.extend([1, 4, 1, 0x60, 0, 0]); // type 0: [] -> []
        let mut imports = Vec::new();
        leb(&mut imports, 3);
        for (m, n) in [
            ("./m.js", "__wbg_f_1"),
            ("env", "keep"),
            ("./m.js", "__wbg_g_2"),
        ] {
            name(&mut imports, m);
            name(&mut imports, n);
            imports.extend([0, 0]);
        }
        wasm.push(2);
        leb(&mut wasm, imports.len() as u64);
        wasm.extend(&imports);
        wasm.extend([7, 1, 0]); // an empty export section
        let glue = r#"{"./m.js":{__wbg_f_1:function(){},__wbg_g_2:function(){}}}"#;
        let (out, glue) = shorten(&wasm, glue, "./m.js").unwrap();
        assert_eq!(glue, "{a:{A:function(){},B:function(){}}}");
        let (read, ..) = import_section(&out).unwrap();
        let names: Vec<(&str, &str)> = read
            .iter()
            .map(|i| (i.module.as_str(), i.name.as_str()))
            .collect();
        assert_eq!(names, [("a", "A"), ("env", "keep"), ("a", "B")]);
        assert_eq!(&out[..14], &wasm[..14]);
        assert_eq!(out[out.len() - 3..], [7, 1, 0]);
    }
}
