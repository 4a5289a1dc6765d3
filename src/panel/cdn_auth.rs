//! Set a namespace's CDN authentication type, after a confirmation.

use leptos::prelude::*;

use super::calls;
use super::widgets::{Confirm, ErrorPanel, LastSet};
use super::Session;
use crate::api::{ApiError, SetCdnAuth};
use crate::model::CdnAuthType;
use crate::transport::Options;

fn meaning(t: &CdnAuthType) -> &'static str {
    match t {
        CdnAuthType::None => "Anyone with the link can fetch the namespace's CDN content.",
        CdnAuthType::Basic => {
            "Visitors sign in with HTTP basic auth, against the namespace's CDN user list."
        }
        CdnAuthType::Other(_) => "A type this panel does not know.",
    }
}

/// Sets one namespace's CDN auth type (logged) and remembers what was set.
async fn set_one(
    s: Session,
    opts: Options,
    ns: String,
    auth: CdnAuthType,
) -> Result<CdnAuthType, ApiError> {
    let game = s.game();
    let op = SetCdnAuth {
        game_id: &game,
        namespace_id: &ns,
        auth_type: &auth,
    };
    let change = calls::Change {
        operation: "set-cdn-auth",
        game_id: game.clone(),
        namespace_id: ns.clone(),
        value: auth.to_string(),
    };
    calls::change(s, &op, &opts, change, |_| String::new()).await?;
    s.cdn_last_set.update(|m| {
        m.insert(super::session::namespace_key(&game, &ns), auth.clone());
    });
    Ok(auth)
}

#[component]
pub fn CdnAuthPage() -> impl IntoView {
    let s = expect_context::<Session>();
    let choice = RwSignal::new(CdnAuthType::None);
    let confirming = RwSignal::new(false);
    let opts = calls::page_options();
    let apply = Action::new_local(move |auth: &CdnAuthType| {
        set_one(s, opts.clone(), s.namespace(), auth.clone())
    });
    let submit = move || {
        apply.dispatch(choice.get_untracked());
    };
    let last = Signal::derive(move || {
        s.cdn_last_set
            .with(|m| m.get(&s.namespace_key()).map(ToString::to_string))
    });
    view! {
        <section class="gc-page" aria-labelledby="cdn-heading">
            <h2 id="cdn-heading">"CDN authentication"</h2>
            <p class="gc-muted">
                "Who may fetch this namespace's CDN content. The service cannot report the current setting, so the panel shows only what it last set here."
            </p>
            <LastSet value=last />
            <fieldset class="gc-choices">
                <legend>"Authentication type"</legend>
                {CdnAuthType::KNOWN.iter().map(|t| {
                    let t = t.clone();
                    let (t1, t2) = (t.clone(), t.clone());
                    view! {
                        <label class="gc-choice">
                            <input
                                type="radio"
                                name="cdn-auth"
                                value=t.as_str().to_owned()
                                prop:checked=move || choice.get() == t1
                                on:change=move |_| { choice.set(t2.clone()); confirming.set(false); }
                            />
                            <span><strong>{t.as_str().to_owned()}</strong> " — " {meaning(&t)}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <button type="button" disabled=move || apply.pending().get() on:click=move |_| confirming.set(true)>
                {move || if apply.pending().get() { "Saving…" } else { "Apply…" }}
            </button>
            <Confirm
                open=confirming
                text=Signal::derive(move || format!("Set the CDN auth type of namespace {} to {}?", s.namespace_id.get().trim(), choice.get()))
                confirm="Confirm"
                on_confirm=Callback::new(move |_| { apply.dispatch(choice.get_untracked()); })
            />
            {move || apply.value().get().map(|r| match r {
                Ok(t) => view! { <p class="gc-ok" role="status">{format!("CDN auth type set to {t}.")}</p> }.into_any(),
                Err(e) => view! { <ErrorPanel error=e retry=Callback::new(move |_| submit()) /> }.into_any(),
            })}
        </section>
    }
}
