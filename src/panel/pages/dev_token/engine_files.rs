//! The token as files for game engines.

use leptos::prelude::*;

use super::handoff;
use super::issued_token::Issued;
use crate::files::{
    env_loader, local_env_file, local_env_name, Engine, Handoff, LOCAL_ENV_GITIGNORE,
};
use crate::panel::widgets::CopyButton;

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

/// A file to download, or why it cannot be written; `id` (in the name of
/// the local file) masked in presentation mode, and left out of the name
/// it is saved under then (the browser shows that name on the shared
/// screen): the person renames it afterwards, as the page says.
fn download(name: String, made: Result<String, String>, mime: &'static str, id: &str) -> AnyView {
    let shown = crate::panel::present::masking(&name, id);
    let presenting = crate::panel::session::Session::get().presenting;
    let id = id.to_owned();
    let saved_as = move || {
        if presenting.is_on_untracked() && !id.is_empty() && name.contains(&id) {
            crate::files::LOCAL_ENV_PRESENTING.to_owned()
        } else {
            name.clone()
        }
    };
    match made {
        Ok(text) => view! {
            <button type="button" class="gc-secondary" on:click=move |_| crate::panel::widgets::download(&text, mime, &saved_as())>
                "Download " {shown}
            </button>
        }
        .into_any(),
        Err(why) => view! { <p class="gc-error" role="alert">"No " {shown} ": " {why}</p> }.into_any(),
    }
}

/// The token as a file for an engine: which file, where it goes, how the
/// engine reads it, the `.gitignore` line, and that it is a secret. Each
/// file is written by the core, which refuses what it cannot write safely (a
/// hostile answer cannot add a line or a key); the token stays copyable.
#[component]
pub(super) fn EngineFiles(issued: Issued) -> impl IntoView {
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
                    <pre aria-label="How the engine reads it"><code>{crate::panel::present::masking(&snippet, &id)}</code></pre>
                    <CopyButton text=snippet label="Copy snippet" />
                </div>
            }
            .into_any()
        }}
        <handoff::SealHandoff contents=issued.with_value(Issued::contents) />
    }
}
