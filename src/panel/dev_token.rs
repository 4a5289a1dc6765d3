//! Create a development token: hostname, a port editor with live validation by
//! the core, what the matchmaker returns for each port, and the token shown
//! once with its decoded contents.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::calls;
use super::lazy::{lazy, lazy_view};
use super::present::marked;
use super::session::Session;
use super::widgets::{Confirm, CopyButton, ErrorPanel, TokenLife};
use crate::api::CreateDevToken;
use crate::files::{
    env_loader, local_env_file, local_env_name, Engine, Handoff, LOCAL_ENV_GITIGNORE,
};
use crate::model::{DevTokenRequest, PortConfig, PortProtocol, PortRange, Timestamp};
use crate::ports::{dev_token_address, proxy_port};
use crate::protect::Named;
use crate::sealed::Contents;
use crate::token::{self, DecodedToken};
use crate::validate::{self, Issue, MAX_PORTS};

/// One row of the port editor; every field is its own signal.
#[derive(Clone, Copy)]
struct PortRow {
    id: u32,
    label: RwSignal<String>,
    protocol: RwSignal<String>,
    range: RwSignal<bool>,
    port: RwSignal<String>,
    min: RwSignal<String>,
    max: RwSignal<String>,
}

impl PortRow {
    fn new(id: u32, label: &str, protocol: &str, port: &str) -> Self {
        PortRow {
            id,
            label: RwSignal::new(label.to_owned()),
            protocol: RwSignal::new(protocol.to_owned()),
            range: RwSignal::new(false),
            port: RwSignal::new(port.to_owned()),
            min: RwSignal::new(String::new()),
            max: RwSignal::new(String::new()),
        }
    }

    /// A row holding a port of a request made before.
    fn from_config(id: u32, label: &str, config: &PortConfig) -> Self {
        let text = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
        let row = PortRow::new(id, label, config.protocol.as_str(), &text(config.port));
        if let Some(r) = config.port_range {
            row.range.set(true);
            row.min.set(r.min.to_string());
            row.max.set(r.max.to_string());
        }
        row
    }

    fn path(&self) -> String {
        format!("ports.{}", self.label.get().trim())
    }
}

/// The request the form describes, and every problem with it: the core's
/// rules plus what only a form can get wrong (text in a number field, a
/// label used twice).
fn build_request(hostname: &str, rows: &[PortRow]) -> (DevTokenRequest, Vec<Issue>) {
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
                protocol: PortProtocol::from_wire(&row.protocol.get()),
                port: None,
                port_range,
            }
        } else {
            let port = number(row.port.get(), format!("{base}.port"), &mut issues);
            PortConfig {
                protocol: PortProtocol::from_wire(&row.protocol.get()),
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

#[component]
pub fn DevTokenPage() -> impl IntoView {
    let s = Session::get();
    let hostname = RwSignal::new("127.0.0.1".to_owned());
    let next_id = StoredValue::new(2u32);
    let rows = RwSignal::new(vec![PortRow::new(1, "default", "http", "8080")]);
    let add = move |label: &str, protocol: &str, port: &str| {
        if rows.with_untracked(Vec::len) >= MAX_PORTS {
            return;
        }
        let id = next_id.get_value();
        next_id.set_value(id + 1);
        rows.update(|r| r.push(PortRow::new(id, label, protocol, port)));
    };
    // Worked out where it is read (16 ports at most): a memo of a type of
    // its own costs the panel 0.5 KB.
    let checked = move || rows.with(|r| build_request(&hostname.get(), r));
    let has_errors = move || validate::has_errors(&checked().1);
    let full = move || rows.with(|r| r.len() >= MAX_PORTS);

    // A token for a protected namespace is made after a confirmation in
    // which its name is typed, as any change to it is.
    let confirming = RwSignal::new(false);
    let guarded = RwSignal::new(Vec::new());
    let opts = calls::page_options();
    let create = Action::new_local(move |(req, named): &(DevTokenRequest, Named)| {
        // The engine files' code is fetched while the token is made (split
        // builds); a failure shows where the files would be.
        #[cfg(gamecloud_split)]
        leptos::task::spawn_local(async {
            let _ = preload_engine_files().await;
        });
        let (base_url, game, ns, req, opts) = (
            s.base_url.get_untracked(),
            s.game(),
            s.namespace(),
            req.clone(),
            opts.clone(),
        );
        let named = named.clone();
        async move {
            let op = CreateDevToken {
                game_id: &game,
                namespace_id: &ns,
                request: &req,
            };
            let change = calls::Logged {
                game_id: game.clone(),
                namespace_id: ns.clone(),
                value: req.summary(),
                named,
            };
            // The log gets the token's expiry, never the token.
            let expiry = |res: &crate::model::DevTokenResponse| {
                token::decode(&res.token)
                    .ok()
                    .and_then(|d| d.claims.exp_ms)
                    .and_then(Timestamp::from_unix_ms)
                    .map_or(String::new(), |t| format!("expires {}", t.to_rfc3339_ms()))
            };
            let res = calls::send_change(s, &op, &opts, change, expiry).await?;
            Ok(Issued {
                token: res.token,
                base_url: crate::api::BaseUrl::parse(&base_url)
                    .map(|b| b.as_str().to_owned())
                    .unwrap_or(base_url),
                game,
                namespace: ns,
                request: req,
                opened: None,
            })
        }
    });
    let create_now = move |named: Named| {
        if !create.pending().get_untracked() {
            create.dispatch((untrack(checked).0, named));
        }
    };

    // A protected namespace's name is asked for first; the marks as kept
    // now (another tab may have marked it a moment ago).
    let ask_or_create = move || {
        s.protected.refresh();
        if s.protected.has(&s.namespace()) {
            guarded.set(vec![s.namespace()]);
            confirming.set(true);
        } else {
            create_now(Named::default())
        }
    };

    // "Create another like this": the form again holds what the shown
    // token was made for, and the hostname has the focus.
    let again = Callback::new(move |req: DevTokenRequest| {
        hostname.set(req.hostname);
        let first = next_id.get_value();
        let filled: Vec<PortRow> = (first..)
            .zip(&req.ports)
            .map(|(id, (label, config))| PortRow::from_config(id, label, config))
            .collect();
        next_id.set_value(first + filled.len() as u32);
        rows.set(filled);
        let input = document()
            .query_selector("input[name=hostname]")
            .ok()
            .flatten();
        if let Some(input) = input.and_then(|i| i.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = input.focus();
        }
    });

    let hostname_issues = issues_at(checked, At::Hostname);
    view! {
        <section class="gc-page" aria-labelledby="token-heading">
            <h2 id="token-heading">"Development token"</h2>
            <p class="gc-muted">
                "A development token lets a game server on your machine answer matchmaking as if it ran in the cloud. It bypasses the proxy: the matchmaker hands back the hostname and ports exactly as configured here."
            </p>
            <label class="gc-field">
                "Hostname"
                <input
                    type="text"
                    name="hostname"
                    class="gc-secret"
                    spellcheck="false"
                    aria-invalid=move || hostname_issues.with(|l| l.iter().any(Issue::is_error)).to_string()
                    aria-describedby="hostname-hint"
                    bind:value=hostname
                />
            </label>
            <p id="hostname-hint" class="gc-muted">
                "127.0.0.1 is reachable only from this machine; for a phone, a console or a second PC, use this machine's LAN address (such as 192.168.1.20)."
            </p>
            <Issues issues=hostname_issues />
            <table class="gc-ports" aria-label="Ports">
                <thead>
                    <tr>
                        <th scope="col">"Label"</th>
                        <th scope="col">"Protocol"</th>
                        <th scope="col">"Port or range"</th>
                        <th scope="col">"Through the proxy"</th>
                        <th scope="col">"With this token"</th>
                        <th scope="col"><span class="gc-visually-hidden">"Remove"</span></th>
                    </tr>
                </thead>
                <tbody>
                    // Rows are re-rendered only when one is added or removed
                    // (a click): their values live in their own signals, so
                    // typing never rebuilds a row or moves the focus.
                    {move || rows.get().into_iter().map(|row| view! {
                        <PortRowView row=row hostname=hostname rows=rows issues=issues_at(checked, At::Row(row)) />
                    }.into_any()).collect_view()}
                </tbody>
            </table>
            <Issues issues=issues_at(checked, At::Ports) />
            <div class="gc-toolbar">
                {[
                    ("Add port", "", "udp", ""),
                    ("Preset: HTTP default on 8080", "default", "http", "8080"),
                    ("Preset: UDP game port 7777", "game", "udp", "7777"),
                ].map(|(text, label, protocol, port)| view! {
                    <button type="button" class="gc-secondary" disabled=full on:click=move |_| add(label, protocol, port)>
                        {text}
                    </button>
                })}
            </div>
            <Confirm
                open=confirming
                text=Signal::derive(move || format!("Create a development token for the protected namespace {}?", marked(s.namespace_id.get().trim())))
                confirm="Create"
                on_confirm=Callback::new(create_now)
                guarded=guarded
            />
            <button
                type="button"
                disabled=move || has_errors() || create.pending().get()
                on:click=move |_| ask_or_create()
            >
                {move || if create.pending().get() { "Creating…" } else { "Create token" }}
            </button>
            // A teammate's token, sealed by a lead: shown where a new one is.
            <super::handoff::OpenHandoff on_open=Callback::new(move |c| create.value().set(Some(Ok(Issued::opened(c))))) />
            {move || create.value().get().map(|r| match r {
                Ok(issued) => view! { <TokenOnce issued again /> }.into_any(),
                Err(e) => view! { <ErrorPanel error=e /> }.into_any(),
            })}
        </section>
    }
}

/// Where issues are shown: under the hostname, under the port table, or
/// under one port's row.
#[derive(Clone, Copy)]
enum At {
    Hostname,
    Ports,
    Row(PortRow),
}

/// The issues shown at `at`: those of its field and the fields under it
/// (the port table shows only its own).
fn issues_at(
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
fn PortRowView(
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
    let proxy = move || proxy_port(&PortProtocol::from_wire(&row.protocol.get())).describe();
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
                <select aria-label="Protocol" on:change=move |ev| row.protocol.set(event_target_value(&ev)) prop:value=move || row.protocol.get()>
                    {PortProtocol::KNOWN.iter().map(|p| view! { <option value=p.as_str().to_owned()>{p.as_str().to_owned()}</option> }).collect_view()}
                </select>
            </td>
            <td class="gc-port-cell">
                <select aria-label="Single port or range" on:change=move |ev| row.range.set(event_target_value(&ev) == "range")
                    prop:value=move || if row.range.get() { "range" } else { "single" }>
                    <option value="single">"Port"</option>
                    <option value="range">"Range"</option>
                </select>
                // A closure over `AnyView` rather than `<Show>` (no code of its own).
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
fn Issues(issues: Signal<Vec<Issue>>) -> impl IntoView {
    view! {
        <ul class="gc-issues">
            {move || issues.get().into_iter().map(|i| {
                let kind = i.severity.as_str();
                view! { <li data-severity=kind>{format!("{}: {}", if kind == "error" { "Error" } else { "Warning" }, i.message)}</li> }.into_any()
            }).collect_view()}
        </ul>
    }
}

/// A token just created (or opened from an encrypted hand-off), with what
/// it was created for.
#[derive(Clone)]
struct Issued {
    token: String,
    base_url: String,
    game: String,
    namespace: String,
    request: DevTokenRequest,
    /// Opened from an encrypted hand-off (not created here): the
    /// namespace's label in it, or "".
    opened: Option<String>,
}

impl Issued {
    /// The token an encrypted hand-off holds.
    fn opened(c: Contents) -> Issued {
        Issued {
            token: c.token,
            base_url: c.base_url,
            game: c.game_id,
            namespace: c.namespace_id,
            request: DevTokenRequest {
                hostname: c.hostname,
                ports: c.ports,
            },
            opened: Some(c.namespace_label),
        }
    }

    /// What sealing it hands over (the label and the mark are the
    /// session's, when it is sealed).
    fn contents(&self) -> Contents {
        Contents {
            token: self.token.clone(),
            base_url: self.base_url.clone(),
            game_id: self.game.clone(),
            namespace_id: self.namespace.clone(),
            hostname: self.request.hostname.clone(),
            ports: self.request.ports.clone(),
            ..Contents::default()
        }
    }
}

/// The new token (or one opened from an encrypted hand-off), shown once:
/// masked, revealable, copyable, handed to an engine as a file, sealed for
/// a teammate, and decoded beside.
#[component]
fn TokenOnce(issued: Issued, again: Callback<DevTokenRequest>) -> impl IntoView {
    let reveal = RwSignal::new(false);
    let decoded = token::decode(&issued.token);
    let (token, shown) = (issued.token.clone(), issued.token.clone());
    let (life, request) = (issued.token.clone(), issued.request.clone());
    view! {
        <div class="gc-token-once" role="region" aria-label="New development token">
            <p><strong>{if issued.opened.is_some() {
                "Opened from the hand-off: a secret, for this namespace only."
            } else {
                "Copy this token now: it is shown once and cannot be shown again."
            }}</strong></p>
            {issued.opened.clone().map(|theirs| handoff_ids(&issued.game, &issued.namespace, theirs))}
            <div class="gc-toolbar">
                <input type=move || if reveal.get() { "text" } else { "password" } readonly aria-label="New token" prop:value=shown class="gc-token-value gc-secret" />
                <button type="button" class="gc-secondary" aria-pressed=move || reveal.get().to_string() on:click=move |_| reveal.update(|v| *v = !*v)>
                    {move || if reveal.get() { "Hide" } else { "Reveal" }}
                </button>
                <CopyButton text=token label="Copy token" />
            </div>
            <TokenLife token=life />
            <p>
                <button type="button" class="gc-secondary" on:click=move |_| again.run(request.clone())>
                    "Create another like this"
                </button>
            </p>
            {lazy_view(engine_files, "the engine files", move |make| make(issued.clone()))}
            {match decoded {
                Ok(d) => decoded_view(d).into_any(),
                Err(e) => view! { <p class="gc-muted">{e.to_string()}</p> }.into_any(),
            }}
        </div>
    }
}

lazy! {
    /// The engine files' code: the writers, their notes and snippets, needed
    /// once a token is there (split builds fetch it then).
    fn engine_files() -> fn(Issued) -> AnyView;
    in engine_files, preload preload_engine_files;
    { |issued| view! { <EngineFiles issued /> }.into_any() }
}

/// The token as a file for an engine: which file, where it goes, how the
/// engine reads it, the `.gitignore` line, and that it is a secret. Each
/// file is written by the core, which refuses what it cannot write safely (a
/// hostile answer cannot add a line or a key); the token stays copyable.
/// What the engine files show for one engine: its file (or why there is
/// none), and with the token from the environment the local file.
struct Made {
    file: Result<String, String>,
    local: Option<Local>,
}

/// The one file that holds the token when the game reads it from the
/// environment: its name, its text (or why there is none), and how to load
/// it (or why not: an id that is not a UUID).
struct Local {
    name: String,
    text: Result<String, String>,
    loader: String,
}

fn made(i: &Issued, engine: Engine, token_from_env: bool) -> Made {
    let h = Handoff {
        token: &i.token,
        base_url: &i.base_url,
        game_id: &i.game,
        namespace_id: &i.namespace,
        hostname: &i.request.hostname,
        ports: &i.request.ports,
        token_from_env,
    };
    Made {
        file: engine.file(&h),
        local: token_from_env.then(|| Local {
            name: local_env_name(&h),
            text: local_env_file(&h),
            loader: env_loader(&h).unwrap_or_else(|why| why),
        }),
    }
}

/// An opened hand-off's namespace (and its game), offered: selected only
/// when the teammate says so. Where the hand-off names the namespace otherwise
/// than this panel does, this panel's name is kept and the other offered.
fn handoff_ids(game: &str, namespace: &str, theirs: String) -> impl IntoView {
    let s = Session::get();
    let ours = s.recent.label_of("namespace", namespace);
    let (g, n) = (game.to_owned(), namespace.to_owned());
    let select = move |_| {
        s.game_id.set(g.clone());
        s.namespace_id.set(n.clone());
    };
    let differs = !theirs.trim().is_empty() && theirs.trim() != ours;
    view! {
        <p>
            "For namespace " {super::present::name(namespace, &ours, s.protected.has(namespace))} ". "
            <button type="button" class="gc-secondary" on:click=select>"Select this namespace"</button>
        </p>
        {differs.then(|| view! {
            <p class="gc-hint gc-warning" role="status">
                "The hand-off calls it \u{201c}" {theirs} "\u{201d}; this panel's name is kept."
            </p>
        })}
    }
}

/// A file to download, or why it cannot be written; `id` (in the name of
/// the local file) masked in presentation mode, and left out of the name
/// it is saved under then (the browser shows that name on the shared
/// screen): the person renames it afterwards, as the page says.
fn download(name: String, made: Result<String, String>, mime: &'static str, id: &str) -> AnyView {
    let shown = super::present::masking(&name, id);
    let presenting = super::session::Session::get().presenting;
    let id = id.to_owned();
    let saved_as = move || {
        if presenting.get_untracked() && !id.is_empty() && name.contains(&id) {
            crate::files::LOCAL_ENV_PRESENTING.to_owned()
        } else {
            name.clone()
        }
    };
    match made {
        Ok(text) => view! {
            <button type="button" class="gc-secondary" on:click=move |_| super::widgets::download(&text, mime, &saved_as())>
                "Download " {shown}
            </button>
        }
        .into_any(),
        Err(why) => view! { <p class="gc-error" role="alert">"No " {shown} ": " {why}</p> }.into_any(),
    }
}

#[component]
fn EngineFiles(issued: Issued) -> impl IntoView {
    // The engine by its name: a signal of a type the panel already has
    // costs no code of its own.
    let engine = RwSignal::new(Engine::Env.name().to_owned());
    let engine_now = move || {
        Engine::ALL
            .into_iter()
            .find(|e| engine.with(|n| e.name() == n))
            .unwrap_or(Engine::Env)
    };
    // The token from the environment: the engine's file then holds none.
    let from_env = RwSignal::new(false);
    let issued = StoredValue::new(issued);
    view! {
        <fieldset class="gc-choices gc-engines">
            <legend>"Hand it to the engine"</legend>
            {Engine::ALL.iter().map(|&e| view! {
                <label class="gc-choice">
                    <input type="radio" name="engine" prop:checked=move || engine.with(|n| n == e.name()) on:change=move |_| engine.set(e.name().to_owned()) />
                    <span>{e.name()}</span>
                </label>
            }).collect_view()}
            <label class="gc-check">
                <input type="checkbox" name="token-from-env" bind:checked=from_env />
                "Token from the environment: no secret in the engine's file"
            </label>
        </fieldset>
        {move || {
            let e = engine_now();
            let (m, id) = issued.with_value(|i| (made(i, e, from_env.get()), i.namespace.clone()));
            let (note, gitignore, snippet, local) = match m.local {
                Some(l) => (
                    "The engine's file holds no secret. The token is in gamecloud.<namespace id>.local.env (gamecloud.local.env in presentation mode: rename it): keep that one out of version control, and load it before starting the game or the editor.",
                    LOCAL_ENV_GITIGNORE,
                    format!("{}\n\n{}", e.env_snippet(), l.loader),
                    Some(download(l.name, l.text, "text/plain", &id)),
                ),
                None => (e.note(), e.gitignore(), e.snippet().to_owned(), None),
            };
            view! {
                <div class="gc-engine-file" role="group" aria-label=format!("{} file", e.name())>
                    {download(e.file_name().to_owned(), m.file, e.mime(), &id)} " " {local}
                    <p>"Put it in " {e.place()} "."</p>
                    <p class="gc-warning">{note}</p>
                    <p>".gitignore: " <code>{gitignore}</code> " " <CopyButton text=gitignore.to_owned() label="Copy .gitignore line" /></p>
                    <pre aria-label="How the engine reads it"><code>{super::present::masking(&snippet, &id)}</code></pre>
                    <CopyButton text=snippet label="Copy snippet" />
                </div>
            }
            .into_any()
        }}
        <super::handoff::SealHandoff contents=issued.with_value(Issued::contents) />
    }
}

fn decoded_view(d: DecodedToken) -> impl IntoView {
    let time = |ms: Option<i64>| {
        ms.and_then(Timestamp::from_unix_ms)
            .map_or("never".to_owned(), |t| t.to_rfc3339_ms())
    };
    let dev = d.development().cloned().unwrap_or_default();
    let ports = dev
        .ports
        .iter()
        .map(|p| {
            let at = match (p.port, p.port_range) {
                (_, Some((a, b))) => format!("{a}–{b}"),
                (Some(n), None) => n.to_string(),
                (None, None) => String::new(),
            };
            view! { <li>{format!("{} {} {at}", p.label, p.protocol)}</li> }
        })
        .collect_view();
    view! {
        <dl class="gc-decoded" aria-label="Decoded token">
            <dt>"Kind"</dt><dd>{d.kind().as_str()}</dd>
            <dt>"Namespace"</dt><dd><code class="gc-secret">{dev.namespace_id.clone().unwrap_or_default()}</code></dd>
            <dt>"Hostname"</dt><dd class="gc-secret">{dev.hostname.clone()}</dd>
            <dt>"Ports"</dt><dd><ul>{ports}</ul></dd>
            <dt>"Issued"</dt><dd>{time(d.claims.iat_ms)}</dd>
            <dt>"Expires"</dt><dd>{time(d.claims.exp_ms)}</dd>
        </dl>
    }
}
