//! Tokens made here: every development token made in this browser, from the
//! action log (namespace, hostname, ports, when made and when it expires,
//! never the token), soonest to expire first, those within 14 days marked;
//! each with "Create another like this" and a calendar reminder (.ics).

use leptos::prelude::*;

use crate::builds_view::grouped;
use crate::ids::{short, GameId, NamespaceId};
use crate::model::Timestamp;
use crate::panel::session::Session;
use crate::panel::widgets::help;
use crate::route::{Page, Route};
use crate::tokens_made::{made_here, Life, Made, SOON_DAYS};
use crate::validate::IdKind;

#[component]
pub fn TokensPage() -> impl IntoView {
    let s = Session::get();
    let log = s.log;
    // Read again when the log changes (here or in another tab), and when the
    // page is opened; expiries count in days, so the clock's seconds do not
    // redraw the rows (and move no focus).
    let made = move || {
        // Again when an id is named or renamed (the rows show labels).
        s.recent.with(|_| ());
        log.with(|l| made_here(l, s.now.get_untracked()))
    };
    view! {
        <section class="gc-page gc-tokens-page" aria-labelledby="tokens-heading">
            <h1 id="tokens-heading">"Tokens made here"</h1>
            {help(
                "Every development token made in this browser, from the action log, soonest to expire first. Never a token itself.",
                "Each says its namespace, hostname and ports, when it was made and when it expires (UTC); those expiring within 14 days are marked. \"Create another like this\" opens the token page with the same namespace, hostname and ports; \"Reminder (.ics)\" saves a calendar event a week before it expires. The list is as long as the action log keeps (its newest 500 entries).",
            )}
            {move || {
                let made = made();
                let note = log.with(|l| {
                    let mut note = String::new();
                    if l.dropped > 0 {
                        note.push_str(&crate::panel::store::dropped_note(l.dropped, "log entry"));
                    }
                    if l.let_go > 0 {
                        note.push_str(" Older log entries were let go: a token made before them is not listed.");
                    }
                    note
                });
                let note = (!note.is_empty()).then(|| view! { <p class="gc-muted">{note.trim().to_owned()}</p> });
                if made.is_empty() {
                    return view! { {note} <Empty /> }.into_any();
                }
                let now = s.now.get_untracked();
                view! {
                    <p role="status" class="gc-muted">{summary(&made, now)}</p>
                    {note}
                    <div class="gc-table-scroll gc-tokens-scroll" tabindex="0" role="region" aria-label="Tokens made here, soonest to expire first">
                        <table class="gc-table gc-tokens" aria-label="Tokens made here">
                            <thead>
                                <tr>
                                    <th scope="col">"Namespace"</th>
                                    <th scope="col">"Hostname"</th>
                                    <th scope="col">"Ports"</th>
                                    <th scope="col">"Made (UTC)"</th>
                                    <th scope="col">"Expires (UTC)"</th>
                                    <th scope="col"><span class="gc-visually-hidden">"Actions"</span></th>
                                </tr>
                            </thead>
                            <tbody>
                                {made.into_iter().map(|m| row(s, m, now)).collect_view()}
                            </tbody>
                        </table>
                    </div>
                }
                .into_any()
            }}
        </section>
    }
}

/// What appears here once a token is made, and where to make one.
#[component]
fn Empty() -> impl IntoView {
    let s = Session::get();
    view! {
        <div class="gc-empty">
            <p><strong>"No development token has been made in this browser yet."</strong></p>
            <p class="gc-muted">
                "Each token made on the token page is listed here with its namespace, hostname and ports, and when it expires, so that you can make another before it does. The token itself is never kept."
            </p>
            <p><a href=move || s.href(Page::DevToken)>"Create a development token"</a></p>
        </div>
    }
}

/// "3 tokens, 1 expires within 14 days, 1 has expired."
fn summary(made: &[Made], now: i64) -> String {
    let count = |life: Life| made.iter().filter(|m| m.life(now) == life).count();
    let n = made.len();
    let mut out = format!(
        "{} {}",
        grouped(n as u64),
        if n == 1 { "token" } else { "tokens" }
    );
    for (k, one, many) in [
        (
            count(Life::Soon),
            "expires within 14 days",
            "expire within 14 days",
        ),
        (count(Life::Expired), "has expired", "have expired"),
    ] {
        if k > 0 {
            let verb = if k == 1 { one } else { many };
            out.push_str(&format!(", {} {verb}", grouped(k as u64)));
        }
    }
    out.push('.');
    out
}

/// A date and time to the minute: `2026-12-01 10:00`.
fn when(ms: i64) -> String {
    Timestamp::from_unix_ms(ms).map_or(String::new(), |t| {
        let (date, time) = t.utc_date_and_time();
        format!("{date} {}", time.get(..5).unwrap_or(&time))
    })
}

/// How long until `ms`, in days (or hours on its last day).
fn left(ms: i64, now: i64) -> String {
    let hours = (ms - now) / 3_600_000;
    match hours {
        ..=0 => "within the hour".to_owned(),
        1..=23 => format!("in {hours} {}", if hours == 1 { "hour" } else { "hours" }),
        _ => {
            // To the nearest day: "in 5 days" a moment after it was 5 days.
            let days = (hours + 12) / 24;
            format!(
                "in {} {}",
                grouped(days as u64),
                if days == 1 { "day" } else { "days" }
            )
        }
    }
}

/// One token's row (a card on a phone).
fn row(s: Session, m: Made, now: i64) -> AnyView {
    let ns = NamespaceId::new(&m.namespace_id);
    let label = Some(s.recent.label(&ns))
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| m.namespace_label.clone());
    let game = s.recent.label_of(IdKind::Game, &m.game_id);
    let life = m.life(now);
    let expires = match (life, m.expires_ms) {
        (Life::Soon | Life::Later, Some(at)) => view! {
            {when(at)}
            <span class="gc-tokens-left">
                <span class="gc-muted">{left(at, now)}</span>
                {(life == Life::Soon).then(|| view! { " " <span class="gc-soon">{format!("within {SOON_DAYS} days")}</span> })}
            </span>
        }
        .into_any(),
        (Life::Expired, Some(at)) => view! {
            {when(at)} <span class="gc-tokens-left"><span class="gc-expired">"expired"</span></span>
        }
        .into_any(),
        _ => view! { <span class="gc-muted">"not in the log"</span> }.into_any(),
    };
    let name = if label.is_empty() {
        m.namespace_id.clone()
    } else {
        label.clone()
    };
    let reminder = m.reminder(&name, now);
    let file = m.reminder_file(true);
    let file_masked = m.reminder_file(false);
    let remind_day = m.reminder_day(now);
    let request = m.request();
    let can_again = request.is_some();
    let id_class = if s.protected.has(&ns) {
        "gc-secret gc-tokens-id gc-is-protected"
    } else {
        "gc-secret gc-tokens-id"
    };
    // The token page with the same game and namespace (the address sets
    // them, as a link does; an id that is not a UUID leaves the selected
    // one), its form filled from the draft.
    let to = Route {
        page: Page::DevToken,
        game_id: GameId::new(&m.game_id),
        namespace_id: ns.clone(),
        view: String::new(),
        build_id: String::new(),
    };
    let again = move |_| {
        let Some(req) = request.clone() else { return };
        s.draft.set_value(Some(req));
        let _ = window().location().set_hash(&to.to_hash());
    };
    let ports = if m.ports.is_empty() {
        "none".to_owned()
    } else {
        m.ports.clone()
    };
    view! {
        <tr data-life=match life { Life::Soon => "soon", Life::Later => "later", Life::Expired => "expired", Life::Unknown => "unknown" }>
            <td data-label="Namespace">
                <span class="gc-tokens-name">
                    {label.clone()}
                    " "
                    <code class=id_class>{short(&m.namespace_id)}</code>
                </span>
                {(!game.is_empty()).then(|| view! { <span class="gc-muted gc-tokens-game">{format!("in {game}")}</span> })}
            </td>
            <td data-label="Hostname"><code class="gc-secret">{m.hostname.clone()}</code></td>
            <td data-label="Ports" class="gc-tokens-ports">{ports}</td>
            <td data-label="Made (UTC)" title=when(m.made_ms)>{when(m.made_ms).get(..10).unwrap_or_default().to_owned()}</td>
            <td data-label="Expires (UTC)">{expires}</td>
            <td class="gc-tokens-actions">
                {if can_again {
                    view! { <button type="button" class="gc-secondary gc-small-button" on:click=again>"Create another like this"</button> }.into_any()
                } else {
                    view! { <span class="gc-muted">"Its ports do not read back from the log: make it on the token page."</span> }.into_any()
                }}
                {reminder.zip(remind_day).map(|(ics, (day, late))| {
                    let on = Timestamp::date_of_day(day).unwrap_or_default();
                    let hint = if late {
                        format!("A calendar event today, {on}: it expires within the week.")
                    } else {
                        format!("A calendar event on {on}, a week before it expires.")
                    };
                    view! {
                        <button type="button" class="gc-secondary gc-small-button" title=hint on:click=move |_| {
                            // No id in a download's name while presenting.
                            let file = if s.presenting.is_on_untracked() { &file_masked } else { &file };
                            crate::panel::widgets::download(&ics, "text/calendar", file);
                        }>"Reminder (.ics)"</button>
                        {late.then(|| view! { <span class="gc-muted gc-tokens-late">"for today: under a week left"</span> })}
                    }
                })}
            </td>
        </tr>
    }
    .into_any()
}
