//! The token as files for game engines.

use leptos::prelude::*;

use super::handoff;
use super::issued::Issued;
use crate::files::{
    env_loader, local_env_file, local_env_name, Engine, Handoff, LOCAL_ENV_GITIGNORE,
};
use crate::panel::widgets::CopyButton;
use crate::text::{Part, Text};

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
    name: Text,
    text: Result<String, String>,
    loader: Text,
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
            loader: env_loader(&h).unwrap_or_else(|why| Text::default().plain(&why)),
        }),
    }
}

/// A file to download, or why it cannot be written; the secret runs of its
/// name (the local file's namespace id) masked in presentation mode, and the
/// name left out of what it is saved under then (the browser shows that name
/// on the shared screen): the person renames it afterwards, as the page says.
fn download(name: Text, made: Result<String, String>, mime: &'static str) -> AnyView {
    let shown = crate::panel::present::shown(&name);
    let presenting = crate::panel::session::Session::get().presenting;
    let has_secret = name.parts().iter().any(|p| matches!(p, Part::Secret(_)));
    let name = name.to_string();
    let saved_as = move || {
        if presenting.is_on_untracked() && has_secret {
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

/// The id of `engine`'s tab.
fn tab_id(engine: Engine) -> String {
    format!("gc-engine-{}", engine.file_name())
}

/// The token as a file for an engine: which file, where it goes, how the
/// engine reads it, the `.gitignore` line, and that it is a secret. Each
/// file is written by the core, which refuses what it cannot write safely (a
/// hostile answer cannot add a line or a key); the token stays copyable.
#[component]
pub(super) fn EngineFiles(issued: Issued) -> impl IntoView {
    let engine = RwSignal::new(Engine::Env);
    // The token from the environment: the engine's file then holds none.
    let from_env = RwSignal::new(false);
    let issued = StoredValue::new(issued);
    // One tab per engine over one file; the arrows, Home and End move
    // between them (the tabs are one tab stop).
    let tab = move |e: Engine| {
        let chosen = move || engine.get() == e;
        view! {
            <button type="button" role="tab" id=tab_id(e) aria-controls="gc-engine-panel"
                aria-selected=move || chosen().to_string() tabindex=move || if chosen() { "0" } else { "-1" }
                on:click=move |_| engine.set(e)>
                {e.name()}
            </button>
        }
    };
    let keyed = move |ev: leptos::ev::KeyboardEvent| {
        let all = Engine::ALL;
        let at = all
            .iter()
            .position(|e| *e == engine.get_untracked())
            .unwrap_or(0);
        let to = match ev.key().as_str() {
            "ArrowRight" => (at + 1) % all.len(),
            "ArrowLeft" => (at + all.len() - 1) % all.len(),
            "Home" => 0,
            "End" => all.len() - 1,
            _ => return,
        };
        ev.prevent_default();
        engine.set(all[to]);
        #[cfg(not(feature = "elements"))]
        let tab = document()
            .get_element_by_id(&tab_id(all[to]))
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok());
        // In a drop-in element, found in its shadow root.
        #[cfg(feature = "elements")]
        let tab = crate::panel::dom::element(&tab_id(all[to]));
        if let Some(tab) = tab {
            let _ = tab.focus();
        }
    };
    view! {
        <div class="gc-tabs" role="tablist" aria-label="Hand it to the engine" on:keydown=keyed>
            {Engine::ALL.map(tab).collect_view()}
        </div>
        <label class="gc-check">
            <input type="checkbox" name="token-from-env" bind:checked=from_env />
            "Token from the environment: no secret in the engine's file"
        </label>
        {move || {
            let e = engine.get();
            let m = issued.with_value(|i| made(i, e, from_env.get()));
            let (note, gitignore, snippet, local) = match m.local {
                Some(l) => (
                    "The engine's file holds no secret. The token is in gamecloud.<namespace id>.local.env (gamecloud.local.env in presentation mode: rename it): keep that one out of version control, and load it before starting the game or the editor.",
                    LOCAL_ENV_GITIGNORE,
                    {
                        let mut snippet = Text::default().plain(e.env_snippet()).plain("\n\n");
                        snippet.append(l.loader);
                        snippet
                    },
                    Some(download(l.name, l.text, "text/plain")),
                ),
                None => (e.note(), e.gitignore(), Text::default().plain(e.snippet()), None),
            };
            view! {
                <div id="gc-engine-panel" role="tabpanel" aria-labelledby=tab_id(e) class="gc-engine-file">
                    <div role="group" aria-label=format!("{} file", e.name())>
                        {download(Text::default().plain(e.file_name()), m.file, e.mime())} " " {local}
                        <p>"Put it in " {e.place()} "."</p>
                        <p class="gc-warning">{note}</p>
                        <p>".gitignore: " <code>{gitignore}</code> " " <CopyButton text=gitignore.to_owned() label="Copy .gitignore line" /></p>
                        <div class="gc-code">
                            <pre aria-label="How the engine reads it"><code>{crate::panel::present::shown(&snippet)}</code></pre>
                            <CopyButton text=snippet.to_string() label="Copy snippet" />
                        </div>
                    </div>
                </div>
            }
            .into_any()
        }}
        <handoff::SealHandoff contents=issued.with_value(Issued::contents) />
    }
}
