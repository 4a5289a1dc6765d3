//! How a failure is shown where it happened.

use leptos::prelude::*;

use super::copy::CopyButton;
use crate::api::ApiError;
use crate::panel::lazy::{lazy, lazy_view_or, WHY_NOT_DOWNLOADED};

/// [`ErrorPanel`] where its code may not be there yet: the builds pages,
/// whose code every visit fetches, show it this way, so that a visit whose
/// calls succeed never downloads it (split builds: in a part of its own;
/// docs/SIZE.md, size rule "failures fetched when they fail"). If that code
/// cannot be fetched either, what is known without it is said, and Try
/// again sends the call again.
pub fn failure(error: ApiError, retry: Callback<()>) -> AnyView {
    let known = error.clone();
    let otherwise = std::sync::Arc::new(move || unexplained(&known, retry));
    lazy_view_or(
        error_panel,
        "this failure's explanation",
        move |make| make(error.clone(), retry),
        Some(otherwise),
    )
}

/// A failure whose explanation could not be downloaded: its kind, and a
/// service error's status, code and ray id (plain text the call kept).
fn unexplained(error: &ApiError, retry: Callback<()>) -> AnyView {
    let service = match error {
        ApiError::Service(e) => format!(
            " The service answered {} {} (ray id {}).",
            e.status, e.code, e.ray_id
        ),
        _ => String::new(),
    };
    let said = format!(
        "The call failed ({}), and its explanation could not be downloaded: {WHY_NOT_DOWNLOADED}.{service}",
        error.kind()
    );
    view! {
        <div class="gc-error" role="alert" data-kind=error.kind()>
            <p class="gc-secret">{said}</p>
            <button type="button" class="gc-secondary" on:click=move |_| retry.run(())>"Try again"</button>
        </div>
    }
    .into_any()
}

lazy! {
    fn error_panel() -> fn(ApiError, Callback<()>) -> AnyView;
    in error_panel, preload preload_error_panel;
    { |error, retry| view! { <ErrorPanel error=error retry=retry /> }.into_any() }
}

/// A failure where it happened: the sentence, and for a service error its
/// code, ray id (copyable) and documentation; a retry button where a retry is
/// safe.
#[component]
pub fn ErrorPanel(error: ApiError, #[prop(optional)] retry: Option<Callback<()>>) -> impl IntoView {
    let details = match &error {
        ApiError::Service(e) => Some(view! {
            <dl class="gc-error-details">
                <dt>"Code"</dt>
                <dd><code>{e.code.clone()}</code></dd>
                <dt>"Ray id"</dt>
                <dd><code class="gc-secret">{e.ray_id.clone()}</code> " " <CopyButton text=e.ray_id.clone() label="Copy ray id" /></dd>
                {e.documentation.clone().map(|d| {
                    let href = d.clone();
                    view! {
                        <dt>"Documentation"</dt>
                        <dd><a href=href target="_blank" rel="noopener noreferrer">{d}</a></dd>
                    }
                })}
            </dl>
        }),
        _ => None,
    };
    view! {
        <div class="gc-error" role="alert" data-kind=error.kind()>
            // A message can hold the URL, an id or anything the service said.
            <p class="gc-secret">{error.to_string()}</p>
            {details}
            {retry.map(|r| view! {
                <button type="button" class="gc-secondary" on:click=move |_| r.run(())>"Try again"</button>
            })}
        </div>
    }
}
