//! The port editor: one row per named port, each field its own signal,
//! checked by the core as it is typed.

use leptos::prelude::*;

use crate::model::{DevTokenRequest, PortConfig, PortProtocol, PortRange};
use crate::panel::widgets::{Choice, Choices};
use crate::ports::{dev_token_address, proxy_port};
use crate::validate::{self, Issue};

/// One row of the port editor; every field is its own signal.
#[derive(Clone, Copy)]
pub(super) struct PortRow {
    id: u32,
    label: RwSignal<String>,
    protocol: RwSignal<PortProtocol>,
    range: RwSignal<bool>,
    port: RwSignal<String>,
    min: RwSignal<String>,
    max: RwSignal<String>,
}

impl PortRow {
    pub(super) fn new(id: u32, label: &str, protocol: PortProtocol, port: &str) -> Self {
        PortRow {
            id,
            label: RwSignal::new(label.to_owned()),
            protocol: RwSignal::new(protocol),
            range: RwSignal::new(false),
            port: RwSignal::new(port.to_owned()),
            min: RwSignal::new(String::new()),
            max: RwSignal::new(String::new()),
        }
    }

    /// A row holding a port of a request made before.
    pub(super) fn from_config(id: u32, label: &str, config: &PortConfig) -> Self {
        let text = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
        let row = PortRow::new(id, label, config.protocol.clone(), &text(config.port));
        if let Some(r) = config.port_range {
            row.range.set(true);
            row.min.set(r.min.to_string());
            row.max.set(r.max.to_string());
        }
        row
    }

    pub(super) fn path(&self) -> String {
        format!("ports.{}", self.label.get().trim())
    }
}

/// The request the form describes, and every problem with it: the core's
/// rules plus what only a form can get wrong (text in a number field, a
/// label used twice).
pub(super) fn build_request(hostname: &str, rows: &[PortRow]) -> (DevTokenRequest, Vec<Issue>) {
    let mut issues = Vec::new();
    let mut req = DevTokenRequest {
        hostname: hostname.to_owned(),
        ports: Default::default(),
    };
    let number = |text: String, path: String, issues: &mut Vec<Issue>| {
        validate::whole_number(&text, path).unwrap_or_else(|issue| {
            issues.push(issue);
            None
        })
    };
    for row in rows {
        let label = row.label.get().trim().to_owned();
        let base = row.path();
        let config = if row.range.get() {
            let min = number(row.min.get(), format!("{base}.port_range.min"), &mut issues);
            let max = number(row.max.get(), format!("{base}.port_range.max"), &mut issues);
            let port_range = match (min, max) {
                (Some(min), Some(max)) => Some(PortRange { min, max }),
                _ => None,
            };
            PortConfig {
                protocol: row.protocol.get(),
                port: None,
                port_range,
            }
        } else {
            let port = number(row.port.get(), format!("{base}.port"), &mut issues);
            PortConfig {
                protocol: row.protocol.get(),
                port,
                port_range: None,
            }
        };
        if req.ports.contains_key(&label) {
            issues.push(validate::label_duplicate(&label, base));
        } else {
            req.ports.insert(label, config);
        }
    }
    let mut all = validate::dev_token_request(&req);
    all.extend(issues);
    (req, all)
}

/// Where issues are shown: under the hostname, under the port table, or
/// under one port's row.
#[derive(Clone, Copy)]
pub(super) enum At {
    Hostname,
    Ports,
    Row(PortRow),
}

/// The issues shown at `at`: those of its field and the fields under it
/// (the port table shows only its own).
pub(super) fn issues_at(
    checked: impl Fn() -> (DevTokenRequest, Vec<Issue>) + Send + Sync + 'static,
    at: At,
) -> Signal<Vec<Issue>> {
    Signal::derive(move || {
        let (prefix, exact) = match at {
            At::Hostname => ("hostname".to_owned(), false),
            At::Ports => ("ports".to_owned(), true),
            At::Row(row) => (row.path(), false),
        };
        let under = format!("{prefix}.");
        let (_, issues) = checked();
        issues
            .into_iter()
            .filter(|i| i.path == prefix || (!exact && i.path.starts_with(&under)))
            .collect()
    })
}

#[component]
pub(super) fn PortEditor(
    row: PortRow,
    hostname: RwSignal<String>,
    rows: RwSignal<Vec<PortRow>>,
    issues: Signal<Vec<Issue>>,
) -> impl IntoView {
    let invalid = move |field: &'static str| {
        move || {
            issues
                .with(|list| {
                    let row_path = row.path();
                    list.iter().any(|i| {
                        i.is_error()
                            && if field.is_empty() {
                                i.path == row_path
                            } else {
                                i.path.ends_with(field)
                            }
                    })
                })
                .to_string()
        }
    };
    let proxy = move || row.protocol.with(proxy_port).describe();
    let direct = move || {
        let parse = |s: RwSignal<String>| s.get().trim().parse::<i64>().ok();
        if row.range.get() {
            match (parse(row.min), parse(row.max)) {
                (Some(a), Some(b)) => dev_token_address(hostname.get().trim(), None, Some((a, b))),
                _ => String::new(),
            }
        } else {
            parse(row.port)
                .map(|p| dev_token_address(hostname.get().trim(), Some(p), None))
                .unwrap_or_default()
        }
    };
    let label_name = move || format!("Label of port {}", row.id);
    view! {
        <tr>
            <td>
                <input type="text" class="gc-label" aria-label=label_name spellcheck="false" maxlength="32"
                    aria-invalid=invalid("") bind:value=row.label />
            </td>
            <td>
                {Choices::new("Protocol", PortProtocol::KNOWN.iter().map(|p| Choice::named(p.clone(), p.as_str())).collect()).select(row.protocol)}
            </td>
            <td class="gc-port-cell">
                {Choices::new("Single port or range", vec![Choice::named(false, "Port"), Choice::named(true, "Range")]).select(row.range)}
                // A closure over `AnyView` rather than `<Show>` (no code of its
                // own: docs/SIZE.md, size rule "no new reactive types").
                {move || if row.range.get() { view! {
                    <input type="text" inputmode="numeric" class="gc-number" aria-label="First port" aria-invalid=invalid(".min") bind:value=row.min />
                    "–"
                    <input type="text" inputmode="numeric" class="gc-number" aria-label="Last port" aria-invalid=invalid(".max") bind:value=row.max />
                }.into_any() } else { view! {
                    <input type="text" inputmode="numeric" class="gc-number" aria-label="Port" aria-invalid=invalid(".port") bind:value=row.port />
                }.into_any() }}
            </td>
            <td class="gc-muted">{proxy}</td>
            <td><code class="gc-secret">{direct}</code></td>
            <td>
                <button type="button" class="gc-small" aria-label=move || format!("Remove port {}", row.label.get())
                    on:click=move |_| rows.update(|r| r.retain(|x| x.id != row.id))>"Remove"</button>
            </td>
        </tr>
        <tr class="gc-row-issues">
            <td colspan="6"><Issues issues=issues /></td>
        </tr>
    }
}

/// Problems beside their field: errors and warnings told apart.
#[component]
pub(super) fn Issues(issues: Signal<Vec<Issue>>) -> impl IntoView {
    view! {
        <ul class="gc-issues">
            {move || issues.get().into_iter().map(|i| {
                let kind = i.severity.as_str();
                view! { <li data-severity=kind>{format!("{}: {}", if kind == "error" { "Error" } else { "Warning" }, i.message)}</li> }.into_any()
            }).collect_view()}
        </ul>
    }
}
