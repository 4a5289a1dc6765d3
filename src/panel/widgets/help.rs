//! A page's help in one line, the rest behind it: the line is a disclosure
//! that unfolds what more there is to say.

use leptos::prelude::*;

/// `line`, muted, with "More" after it; pressed, `more` unfolds under it.
pub fn help(line: &'static str, more: &'static str) -> impl IntoView {
    view! {
        <details class="gc-help">
            <summary>{line}</summary>
            <p>{more}</p>
        </details>
    }
}
