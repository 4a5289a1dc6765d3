//! The builds index for JavaScript (feature `js-builds`: the package's
//! `@gamecloud/client/builds`, a wasm of its own). The panel's own list:
//! its sorts, filter, comparison, changes in size, size history and exports,
//! over a `listBuilds` answer. `js/builds-api.js` is its public face: it
//! checks the answer's types, hands the builds over as columns (their
//! strings in UTF-8 one after the other, and each one's length in bytes: far
//! faster than JSON text or an object at a time), and turns the JSON this
//! returns into objects with exact `bigint` sizes.
//!
//! A failure is a JS array `[path, message]`, `path` relative to what the
//! caller passed; the wrapper makes it a `GameCloudError`.

use wasm_bindgen::prelude::*;

use crate::builds_view::{
    buckets, compare, to_csv, to_json, BuildList, Column, Narrow, Sort, StateFilter,
};
use crate::json::Json;
use crate::model::{BuildSummary, Timestamp};

/// One game's builds, indexed once; the current sort and filter, and the
/// rows they show.
#[wasm_bindgen]
pub struct BuildsCore {
    list: BuildList,
    sort: Sort,
    /// Every build in the current sort: made again by the first filter
    /// after a sort (a sort orders only the rows shown).
    order: Option<Vec<usize>>,
    /// The rows shown, in order.
    shown: Vec<usize>,
}

#[wasm_bindgen]
impl BuildsCore {
    /// The builds from columns: `text` holds each build's id, upload id,
    /// name, creation time, then its tags' keys and values, one after the
    /// other in UTF-8, each `lengths` bytes long; `tag_counts` says how many
    /// tags each has. Indexed at once, so that no later sort or filter waits
    /// for it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        text: &[u8],
        lengths: &[u32],
        sizes: &[u64],
        complete: &[u8],
        tag_counts: &[u32],
    ) -> Result<BuildsCore, JsValue> {
        let text = std::str::from_utf8(text).map_err(|_| failure("", "its text is not UTF-8"))?;
        let mut strings = Pieces {
            text,
            at: 0,
            lengths: lengths.iter(),
        };
        let mut builds = Vec::with_capacity(sizes.len());
        for (i, ((&content_length, &done), &tags)) in
            sizes.iter().zip(complete).zip(tag_counts).enumerate()
        {
            let at = |field: &str| format!("builds[{i}]{field}");
            let unreadable = || failure(&at(""), "its strings do not match their lengths");
            let mut next = || strings.next().ok_or_else(unreadable);
            let (build_id, upload_id, display_name) = (next()?, next()?, next()?);
            let create_ts = Timestamp::parse(next()?)
                .map_err(|message| failure(&at(".create_ts"), &message))?;
            let mut tag_map = std::collections::BTreeMap::new();
            for _ in 0..tags {
                let key = next()?.to_owned();
                tag_map.insert(key, next()?.to_owned());
            }
            builds.push(BuildSummary {
                build_id: build_id.to_owned(),
                upload_id: upload_id.to_owned(),
                display_name: display_name.to_owned(),
                create_ts,
                content_length,
                complete: done != 0,
                tags: tag_map,
            });
        }
        let list = BuildList::new(builds, browser_lowercase);
        // What a sort or a filter needs, not what a size change needs (at
        // the first that asks).
        list.prepare_filter(usize::MAX);
        list.prepare_sort();
        let sort = Sort::default();
        let order = list.sorted_all(sort);
        Ok(BuildsCore {
            shown: order.clone(),
            order: Some(order),
            list,
            sort,
        })
    }

    /// Sorts the rows shown by a column (a build's field name), largest,
    /// latest or last first when `descending`; ties keep the service's
    /// order.
    pub fn sort(&mut self, column: &str, descending: bool) -> Result<(), JsValue> {
        let column = column_named(column).ok_or_else(|| {
            failure(
                "column",
                &format!("no column is named \"{column}\": one of {COLUMN_NAMES}"),
            )
        })?;
        self.sort = Sort { column, descending };
        self.shown = self.list.sorted(&self.shown, self.sort);
        self.order = None;
        Ok(())
    }

    /// Shows the builds holding every word of `text` (in the name, the ids
    /// or the tags, any case), of an upload state, carrying every tag of
    /// `tags` (keys and values one after the other), in the current sort.
    pub fn filter(&mut self, text: &str, state: &str, tags: Vec<String>) -> Result<(), JsValue> {
        let state = StateFilter::ALL
            .into_iter()
            .find(|s| s.slug() == state)
            .ok_or_else(|| {
                failure(
                    "state",
                    &format!("no state is named \"{state}\": one of all, complete, unfinished"),
                )
            })?;
        let mut tags = tags.into_iter();
        let narrow = Narrow {
            tags: std::iter::from_fn(|| Some((tags.next()?, tags.next()?))).collect(),
            ..Narrow::default()
        };
        let (list, sort) = (&self.list, self.sort);
        let order = self.order.get_or_insert_with(|| list.sorted_all(sort));
        self.shown = list.filter_narrowed(order, text, state, &narrow);
        Ok(())
    }

    /// How many rows are shown.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.shown.len() as u32
    }

    /// `count` rows from `start`, in order: JSON, sizes as strings of
    /// digits.
    pub fn rows(&self, start: u32, count: u32) -> String {
        let start = (start as usize).min(self.shown.len());
        let end = start.saturating_add(count as usize).min(self.shown.len());
        let mut out = Json::for_javascript();
        out.begin_array();
        for &i in &self.shown[start..end] {
            out.value(&self.list.builds()[i]);
        }
        out.end_array();
        out.finish()
    }

    /// Two builds (by id) side by side, the older first: JSON.
    pub fn compare(&self, a: &str, b: &str) -> Result<String, JsValue> {
        let (a, b) = (self.find(a, "a")?, self.find(b, "b")?);
        let c = compare(self.list.builds(), a, b);
        let mut out = Json::for_javascript();
        out.begin_object();
        out.key("older").value(&self.list.builds()[c.older]);
        out.key("newer").value(&self.list.builds()[c.newer]);
        out.key("sizeDelta").str(&c.size_delta.to_string());
        out.key("timeMs").i64(c.time_ms);
        for (key, pairs) in [("added", &c.added), ("removed", &c.removed)] {
            out.key(key).begin_array();
            for (k, v) in pairs {
                out.begin_array().str(k).str(v).end_array();
            }
            out.end_array();
        }
        out.key("changed").begin_array();
        for (k, older, newer) in &c.changed {
            out.begin_array().str(k).str(older).str(newer).end_array();
        }
        out.end_array().end_object();
        Ok(out.finish())
    }

    /// A build's change in size from the previous build of its name stem,
    /// and that build: JSON, `null` when it has none.
    #[wasm_bindgen(js_name = sizeChange)]
    pub fn size_change(&self, id: &str) -> Result<String, JsValue> {
        let Some((previous, bytes)) = self.list.size_change(self.find(id, "buildId")?) else {
            return Ok("null".into());
        };
        let mut out = Json::for_javascript();
        out.begin_object();
        out.key("previous").value(&self.list.builds()[previous]);
        out.key("bytes").str(&bytes.to_string());
        out.end_object();
        Ok(out.finish())
    }

    /// The shown rows' sizes over time, in at most `most` buckets, oldest
    /// first (one per build when there are no more): JSON.
    #[wasm_bindgen(js_name = sizeHistory)]
    pub fn size_history(&self, most: u32) -> String {
        let mut out = Json::for_javascript();
        out.begin_array();
        for b in buckets(self.list.builds(), &self.shown, most as usize) {
            out.begin_object();
            out.key("firstMs").i64(b.first_ms);
            out.key("lastMs").i64(b.last_ms);
            out.key("builds").i64(b.builds as i64);
            out.key("min").u64(b.smallest);
            out.key("max").u64(b.largest);
            out.end_object();
        }
        out.end_array();
        out.finish()
    }

    /// The rows shown as the panel's CSV export.
    #[wasm_bindgen(js_name = toCsv)]
    pub fn to_csv(&self) -> String {
        to_csv(self.list.builds(), &self.shown)
    }

    /// The rows shown as the panel's JSON export.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        to_json(self.list.builds(), &self.shown)
    }
}

impl BuildsCore {
    /// The index of the build whose id is `id` (the argument at `path`).
    fn find(&self, id: &str, path: &str) -> Result<usize, JsValue> {
        let builds = self.list.builds();
        builds
            .iter()
            .position(|b| b.build_id == id)
            .ok_or_else(|| failure(path, &format!("no build has the id \"{id}\"")))
    }
}

/// The columns by the field of a build each sorts: `display_name`,
/// `build_id`, … (the panel's table, with the wire's names).
const COLUMN_NAMES: &str =
    "display_name, build_id, upload_id, complete, content_length, create_ts, tags";

fn column_named(name: &str) -> Option<Column> {
    let names = COLUMN_NAMES.split(", ");
    Column::ALL
        .into_iter()
        .zip(names)
        .find_map(|(column, n)| (n == name).then_some(column))
}

/// The pieces of one string cut by their lengths in bytes.
struct Pieces<'a> {
    text: &'a str,
    at: usize,
    lengths: std::slice::Iter<'a, u32>,
}

impl<'a> Pieces<'a> {
    /// The next piece; `None` when the text ends first or a length ends
    /// inside a character.
    fn next(&mut self) -> Option<&'a str> {
        let start = self.at;
        self.at = start.checked_add(*self.lengths.next()? as usize)?;
        self.text.get(start..self.at)
    }
}

/// A failure for the wrapper: `[path, message]`.
fn failure(path: &str, message: &str) -> JsValue {
    js_sys::Array::of2(&path.into(), &message.into()).into()
}

/// The engine's own `toLowerCase` (Rust's would add Unicode's case tables:
/// docs/SIZE.md, size rule "the browser's lowercase").
fn browser_lowercase(s: &str) -> String {
    js_sys::JsString::from(s).to_lower_case().into()
}
