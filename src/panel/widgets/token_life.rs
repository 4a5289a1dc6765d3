//! A token's life, counted down.

use leptos::prelude::*;

/// A token's life, counted down to the second from its own claims: a timer
/// line, with a warning in its last tenth and once it has expired, said to a
/// screen reader when it changes (not every second). Nothing for a token
/// that cannot be read; with `counting_only`, nothing unless time is left
/// (where another line already says that it never expires or has expired).
#[component]
pub fn TokenLife(
    #[prop(into)] token: Signal<String>,
    #[prop(optional)] counting_only: bool,
) -> impl IntoView {
    use crate::token::Life;
    let now = crate::panel::session::Session::get().now;
    move || {
        Life::of_token(&token.get(), now.get())
            .filter(|l| !counting_only || matches!(l, Life::Left { .. }))
            .map(|l| {
                let (state, news) = l.state();
                view! {
                    <p class="gc-hint gc-life" data-life=state>
                        <span role="timer">{l.describe()}</span>
                        <span class="gc-visually-hidden" role="status">{news}</span>
                    </p>
                }
            })
    }
}
