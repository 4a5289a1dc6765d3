//! Code the browser fetches when it is first needed. In the release build
//! (`cargo xtask dist` compiles with `--cfg gamecloud_split`), each function
//! declared with [`lazy!`] is cut out of the panel's wasm into files of its
//! own (`xtask/src/split.rs`), fetched the first time it is called; in every
//! other build (`trunk serve`, clippy, tests) it is an ordinary function that
//! is ready at once. Either way the caller awaits it, and a failed fetch is an
//! [`Unloaded`] that the caller shows: it never stops the panel.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;

/// The code of a part of the panel could not be fetched: the network failed,
/// or the file is not the one this build names (its integrity hash differs,
/// as after a new deploy), or the host sent something that is not wasm, or
/// nothing came within the loader's time limit. The browser's console has
/// the details. A failure is not remembered: the next call fetches again,
/// past the browser's cache.
pub type Unloaded = leptos::wasm_split::SplitLoaderError;

/// Why a call fetched on first use did not end: the call failed, or the
/// code that makes it could not be fetched.
#[derive(Clone)]
pub enum NotLoaded {
    Call(crate::api::ApiError),
    Code,
}

/// Declares `async fn $name(args) -> Result<$out, Unloaded>` whose body is
/// fetched on the first call (split builds), and `async fn $preload() ->
/// Result<(), Unloaded>` that fetches it without calling it, both with the
/// visibility given. Functions of one `$module` share their file.
macro_rules! lazy {
    (
        $(#[$doc:meta])*
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),*) -> $out:ty;
        in $module:ident, preload $preload:ident;
        $body:block
    ) => {
        $(#[$doc])*
        #[cfg(gamecloud_split)]
        #[leptos::wasm_split::wasm_split(
            $module,
            wasm_split_path = ::leptos::wasm_split,
            preload($preload),
            fallible
        )]
        $vis fn $name($($arg: $ty),*) -> Result<$out, $crate::panel::lazy::Unloaded> {
            let out: $out = $body;
            Ok(out)
        }

        $(#[$doc])*
        #[cfg(not(gamecloud_split))]
        $vis async fn $name($($arg: $ty),*) -> Result<$out, $crate::panel::lazy::Unloaded> {
            let out: $out = $body;
            Ok(out)
        }

        /// Fetches the code without running it (split builds).
        #[cfg(not(gamecloud_split))]
        #[allow(dead_code)]
        $vis async fn $preload() -> Result<(), $crate::panel::lazy::Unloaded> {
            Ok(())
        }
    };
}
pub(crate) use lazy;

/// Shows what the code `load` fetches makes, with "Loading …" (a status)
/// until it is there. A failed fetch is said where the view would be, with a
/// retry; the rest of the panel keeps working. The code is a plain function
/// (`make`), so that nothing waits once it is loaded. Only this shim is
/// made once for each split point; the states and the views are
/// [`fetched_view`]'s, made once for all, not copied for each point
/// (docs/SIZE.md, size rule "one loading view").
pub fn lazy_view<M, Fut>(
    load: impl Fn() -> Fut + Copy + Send + Sync + 'static,
    what: &'static str,
    show: impl Fn(M) -> AnyView + Send + Sync + 'static,
) -> AnyView
where
    M: Copy + Send + Sync + 'static,
    Fut: Future<Output = Result<M, Unloaded>> + 'static,
{
    lazy_view_or(load, what, show, None)
}

/// [`lazy_view`], with what to show instead of the message for code that
/// could not be fetched (`otherwise`, when given).
pub fn lazy_view_or<M, Fut>(
    load: impl Fn() -> Fut + Copy + Send + Sync + 'static,
    what: &'static str,
    show: impl Fn(M) -> AnyView + Send + Sync + 'static,
    otherwise: Option<Otherwise>,
) -> AnyView
where
    M: Copy + Send + Sync + 'static,
    Fut: Future<Output = Result<M, Unloaded>> + 'static,
{
    let show = Arc::new(show);
    let fetch: Fetch = Arc::new(move || {
        let show = show.clone();
        let made = async move {
            let make = load().await.ok()?;
            Some(Arc::new(move || show(make)) as Made)
        };
        Box::pin(made)
    });
    fetched_view(fetch, what, otherwise)
}

/// A view that fetched code makes.
type Made = Arc<dyn Fn() -> AnyView + Send + Sync>;
/// What a view shows when its code could not be fetched.
pub type Otherwise = Arc<dyn Fn() -> AnyView + Send + Sync>;
/// Fetches the code (at once when it is there already); `None` if it could
/// not be fetched.
type Fetch = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Option<Made>>>> + Send + Sync>;

/// [`lazy_view`]'s body, the same for every split point.
fn fetched_view(fetch: Fetch, what: &'static str, otherwise: Option<Otherwise>) -> AnyView {
    // Code already fetched (always, without the split) is ready at once: it
    // is shown in place, with no "Loading…" flashing by.
    let now = |code: &mut Pin<Box<dyn Future<Output = Option<Made>>>>| {
        code.as_mut().poll(&mut Context::from_waker(Waker::noop()))
    };
    #[cfg(not(gamecloud_split))]
    {
        match now(&mut fetch()) {
            Poll::Ready(Some(made)) => made(),
            // `lazy!` without the split has nothing to wait for: never reached.
            _ => {
                let _ = otherwise;
                unloaded(what, || ()).into_any()
            }
        }
    }
    #[cfg(gamecloud_split)]
    {
        // None: loading; Some(None): failed; Some(Some(made)): ready.
        let state = RwSignal::new(None::<Option<Made>>);
        let again = move || {
            let mut code = fetch();
            match now(&mut code) {
                Poll::Ready(made) => state.set(Some(made)),
                Poll::Pending => {
                    state.set(None);
                    leptos::task::spawn_local(async move { state.set(Some(code.await)) });
                }
            }
        };
        again();
        let again = Arc::new(again);
        (move || match state.get() {
            None => view! { <p class="gc-muted" role="status">{format!("Loading {what}…")}</p> }
                .into_any(),
            Some(Some(made)) => made(),
            Some(None) => match &otherwise {
                Some(otherwise) => otherwise(),
                None => {
                    let again = again.clone();
                    unloaded(what, move || again()).into_any()
                }
            },
        })
        .into_any()
    }
}

/// Why the code of a part may not download, said alike wherever one did not.
pub const WHY_NOT_DOWNLOADED: &str =
    "the network failed, or this panel was replaced by a newer version (then reload the page)";

/// The message for code that could not be fetched, with a retry.
pub fn unloaded(what: &'static str, retry: impl Fn() + 'static) -> impl IntoView {
    view! {
        <div class="gc-error" role="alert" data-kind="unloaded">
            <p>{format!(
                "The code of {what} could not be downloaded: {WHY_NOT_DOWNLOADED}. The other pages \
                 still work."
            )}</p>
            <button type="button" class="gc-secondary" on:click=move |_| retry()>"Try again"</button>
        </div>
    }
}
