//! The builds page (a first, plain list; the full table comes with the panel
//! issue).

use leptos::prelude::*;

use super::ConnectionSettings;
use crate::api::{ApiError, ListBuilds};
use crate::model::ListBuildsResponse;
use crate::transport;

/// Lists the game's builds by name once the connection form is submitted.
#[component]
pub fn BuildsList() -> impl IntoView {
    let s = expect_context::<ConnectionSettings>();
    let load = Action::new_local(move |_: &u32| {
        let conn = s.connection();
        let game = s.game_id.get_untracked();
        async move {
            let conn = conn?;
            let op = ListBuilds {
                game_id: game.trim(),
            };
            transport::send(&conn, &op, &transport::Options::default()).await
        }
    });
    Effect::new(move |_| {
        let generation = s.generation.get();
        if generation > 0 {
            load.dispatch(generation);
        }
    });
    let result = load.value();
    view! {
        <section class="gc-builds" aria-labelledby="builds-heading" aria-busy=move || load.pending().get().to_string()>
            <h2 id="builds-heading">"Builds"</h2>
            {move || match result.get() {
                None if load.pending().get() => view! { <p role="status">"Loading builds…"</p> }.into_any(),
                None => view! { <p>"Enter the token and the game id, then load the builds."</p> }.into_any(),
                Some(Ok(list)) => names(list).into_any(),
                Some(Err(e)) => failure(e).into_any(),
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

fn failure(e: ApiError) -> impl IntoView {
    view! { <p role="alert" class="gc-error" data-kind=e.kind()>{e.to_string()}</p> }
}
