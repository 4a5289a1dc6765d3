//! The builds page (a plain list for now; the full table comes next).

use leptos::prelude::*;

use super::widgets::ErrorPanel;
use super::Session;
use crate::api::ListBuilds;
use crate::model::ListBuildsResponse;
use crate::transport::{self, Options};

#[component]
pub fn BuildsPage() -> impl IntoView {
    let s = expect_context::<Session>();
    let load = Action::new_local(move |_: &()| {
        let (conn, game) = (s.connection(), s.game());
        async move { transport::send(&conn?, &ListBuilds { game_id: &game }, &Options::default()).await }
    });
    let retry = Callback::new(move |_| {
        load.dispatch(());
    });
    view! {
        <section class="gc-page" aria-labelledby="builds-heading" aria-busy=move || load.pending().get().to_string()>
            <h2 id="builds-heading">"Builds"</h2>
            <button type="button" disabled=move || load.pending().get() on:click=move |_| { load.dispatch(()); }>
                "Load builds"
            </button>
            {move || match load.value().get() {
                None if load.pending().get() => view! { <p role="status">"Loading builds…"</p> }.into_any(),
                None => view! { <p class="gc-muted">"Enter the token and the game id, then load the builds."</p> }.into_any(),
                Some(Ok(list)) => names(list).into_any(),
                Some(Err(e)) => view! { <ErrorPanel error=e retry=retry /> }.into_any(),
            }}
        </section>
    }
}

fn names(list: ListBuildsResponse) -> impl IntoView {
    if list.builds.is_empty() {
        return view! { <p>"This game has no builds yet."</p> }.into_any();
    }
    view! {
        <ul class="gc-build-names" aria-label="Build names">
            {list.builds.into_iter().map(|b| view! { <li>{b.display_name}</li> }).collect_view()}
        </ul>
    }
    .into_any()
}
