//! One entry of the action log: a table row of at most two lines on a
//! desktop, a card on a phone (style/main.css, "The action log"): the
//! operation in words, the namespace's name with its short id, the value,
//! a ✓ Done or ✕ Failed badge, the ray id and the request on one line, its
//! whole under a fold and in Copy.

use leptos::prelude::*;

use crate::action_log::{Ended, Entry};
use crate::ids::short;
use crate::model::Timestamp;
use crate::panel::widgets::CopyButton;

/// What the row says of its namespace beside the entry: the label it is
/// known by (the entry's, else the one given since), whether it is
/// protected, and whether tooltips may name the ids (not in presentation
/// mode).
pub struct Around {
    pub label: String,
    pub protected: bool,
    pub titled: bool,
}

/// The entry's row.
pub fn row(e: Entry, around: Around) -> impl IntoView {
    let Around {
        label,
        protected,
        titled,
    } = around;
    let when = Timestamp::from_unix_ms(e.at_ms).map_or(String::new(), |t| {
        let (date, time) = t.utc_date_and_time();
        format!("{date} {}", time.get(..5).unwrap_or(&time))
    });
    let (ended, said) = e.ended();
    let (badge, state) = (
        ended.badge(),
        match ended {
            Ended::Done => "done",
            Ended::Failed => "failed",
            Ended::Unknown => "unknown",
        },
    );
    let said = said.to_owned();
    let ids = format!("namespace {}, game {}", e.namespace_id, e.game_id);
    let value = if e.hostname.is_empty() {
        view! { {e.value.clone()} }.into_any()
    } else {
        view! { <span class="gc-secret">{e.hostname.clone()}</span> " · " {e.value.clone()} }
            .into_any()
    };
    let value_title = format!("{} {}", e.hostname, e.value);
    let line = e.request_line();
    let request = if e.request.is_empty() {
        view! { <span class="gc-muted">"In this browser only"</span> }.into_any()
    } else {
        let ray = (!e.ray_id.is_empty()).then(|| {
            view! { <p>"Ray id " <code class="gc-secret">{e.ray_id.clone()}</code></p> }
        });
        view! {
            <div class="gc-log-line">
            <details class="gc-log-request">
                <summary><code class="gc-secret">{line}</code></summary>
                <pre class="gc-secret gc-request">{e.request.clone()}</pre>
                {ray}
            </details>
            <CopyButton text=e.request.clone() label="Copy the request" />
            </div>
        }
        .into_any()
    };
    view! {
        <tr data-ended=state>
            <td class="gc-log-when">{when}</td>
            <td class="gc-log-op">{e.operation_words()}</td>
            <td class="gc-log-ns" title=titled.then_some(ids)>
                <span class="gc-log-name">
                    {(!label.is_empty()).then(|| view! { <bdi>{label}</bdi> " " })}
                    <span class="gc-muted gc-secret" class:gc-is-protected=protected>{short(&e.namespace_id)}</span>
                </span>
            </td>
            <td class="gc-log-value" title=titled.then_some(value_title)>
                <span class="gc-log-clamp">{value}</span>
            </td>
            <td class="gc-log-outcome">
                <span class="gc-log-badge">{badge}</span>
                {(!said.is_empty()).then(|| view! { " " <span class="gc-log-said" title=said.clone()>{said.clone()}</span> })}
            </td>
            <td class="gc-log-ray" title=titled.then_some(e.ray_id.clone())><code class="gc-secret">{short(&e.ray_id)}</code></td>
            <td class="gc-log-req">{request}</td>
        </tr>
    }
}
