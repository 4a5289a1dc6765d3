//! The one confirmation of every change, fetched the first time one opens
//! (most visits confirm nothing: docs/SIZE.md, "Pages fetched on first
//! use").

use super::copy::copy;
use leptos::prelude::*;

use crate::ids::NamespaceId;
use crate::panel::lazy::{lazy, lazy_view};
use crate::protect::Named;
use crate::text::Text;

/// A confirmation in a modal `<dialog>`, in words: a title, a sentence
/// naming what it changes (namespaces by their labels), and the request
/// itself and its `curl` commands folded under "Show request"; Cancel, then
/// the button that acts, on the right, marked as dangerous when a protected
/// namespace is involved. Focus stays inside, Escape cancels, nothing
/// behind it can be clicked. Its button acts once, however often it is
/// clicked before the dialog closes. To protected namespaces it acts, or
/// gives the commands, only once their names are typed.
#[component]
pub fn Confirm(
    open: RwSignal<bool>,
    /// The question on its first line (the dialog's title), then
    /// what it changes in a sentence; its secret runs are masked in
    /// presentation mode.
    #[prop(into)]
    text: Signal<Text>,
    confirm: &'static str,
    /// What it will send, shown under "Show request".
    #[prop(optional)]
    request: Option<Signal<Text>>,
    /// Runs once confirmed, with the namespaces whose names were typed.
    on_confirm: Callback<Named>,
    /// The change as `curl` commands for sh, bash, zsh and fish
    /// ([`crate::panel::calls::Preview`]): the dialog then has "Copy as curl
    /// (bash, zsh, fish)".
    #[prop(optional, into)]
    curl: Signal<String>,
    /// The same for PowerShell: the dialog then has "Copy for PowerShell".
    #[prop(optional, into)]
    powershell: Signal<String>,
    /// The namespaces the change touches, as the person saw them when they
    /// asked: the protected ones among them must be named before the
    /// button acts. Protected means as the marks are when the button is
    /// pressed (read again then, whatever another tab did meanwhile:
    /// removing a mark asks for the name there too).
    #[prop(optional)]
    guarded: RwSignal<Vec<NamespaceId>>,
) -> impl IntoView {
    let asked = Asked {
        open,
        text,
        request,
        confirm,
        on_confirm,
        curl,
        powershell,
        guarded,
    };
    // Fetched once first opened, and kept (its dialog closes, not goes).
    let opened = Memo::new(move |before: Option<&bool>| before == Some(&true) || open.get());
    move || {
        opened
            .get()
            .then(|| lazy_view(confirm_view, "the confirmation", move |make| make(asked)))
    }
}

/// What a [`Confirm`] was given.
#[derive(Clone, Copy)]
struct Asked {
    open: RwSignal<bool>,
    text: Signal<Text>,
    request: Option<Signal<Text>>,
    confirm: &'static str,
    on_confirm: Callback<Named>,
    curl: Signal<String>,
    powershell: Signal<String>,
    guarded: RwSignal<Vec<NamespaceId>>,
}

lazy! {
    /// The confirmation's dialog.
    fn confirm_view() -> fn(Asked) -> AnyView;
    in confirm, preload preload_confirm;
    { |asked| dialog(asked).into_any() }
}

/// The dialog of [`Confirm`].
fn dialog(asked: Asked) -> impl IntoView {
    let Asked {
        open,
        text,
        request,
        confirm,
        on_confirm,
        curl,
        powershell,
        guarded,
    } = asked;
    let s = crate::panel::session::Session::get();
    let dialog = NodeRef::<leptos::html::Dialog>::new();
    let copied = [RwSignal::new(false), RwSignal::new(false)];
    let uncopied = move || copied.iter().for_each(|c| c.set(false));
    let typed = RwSignal::new(String::new());
    let required = move || guarded.with(|ids| s.protected.among(ids));
    let phrase = move || s.protected.phrase(&required());
    let allowed = move || {
        let phrase = phrase();
        phrase.is_empty() || crate::protect::confirms(&typed.get(), &phrase)
    };
    // The question, and the names to type when protected namespaces are
    // among those it changes: copying the commands waits for them too.
    let said = move || {
        let (title, mut text) = text.get().split_line();
        let phrase = phrase();
        if !phrase.is_empty() {
            let copies = !(curl.with(String::is_empty) && powershell.with(String::is_empty));
            // A name shows as it is; an id (a namespace marked before a
            // mark needed a name, or a host's) is masked while presenting.
            let by_id = phrase
                .split(", ")
                .any(|name| crate::token::parse_uuid(name).is_some());
            let typed = Text::default().plain("\n\nProtected: type ");
            text.append(
                if by_id {
                    typed.secret(&phrase)
                } else {
                    typed.plain(&phrase)
                }
                .plain(if copies {
                    " to apply or to copy the commands."
                } else {
                    " to apply."
                }),
            );
        }
        let shown = crate::panel::present::shown;
        view! {
            <p class="gc-confirm-title">{shown(&title)}</p>
            <p>{shown(&text)}</p>
        }
    };
    Effect::new(move |_| {
        let (Some(d), wanted) = (dialog.get(), open.get()) else {
            return;
        };
        if wanted && !d.open() {
            uncopied();
            typed.set(String::new());
            let _ = d.show_modal();
        } else if !wanted && d.open() {
            d.close();
        }
    });
    // Whether the button pressed may act: the marks as kept now (one made
    // in another tab a moment ago counts, whether or not its event has
    // arrived) with their names typed.
    let may = move || {
        s.protected.refresh();
        open.get_untracked() && untrack(allowed)
    };
    let act = move || {
        if may() {
            open.set(false);
            on_confirm.run(Named::new(&untrack(required)));
        }
    };
    // The commands change the same namespaces, with no log entry: they are
    // given on the same terms.
    let copy_button = move |commands: Signal<String>, label: &'static str, done: RwSignal<bool>| {
        view! {
            <button type="button" class="gc-secondary gc-small" hidden=move || commands.with(String::is_empty) disabled=move || !allowed()
                on:click=move |_| if may() {
                    uncopied();
                    copy(&commands.get_untracked(), done);
                }>
                {move || if done.get() { "Copied" } else { label }}
            </button>
        }
    };
    view! {
        <dialog node_ref=dialog class="gc-confirm" role="alertdialog" aria-label=confirm on:close=move |_| open.set(false)>
            {said}
            <label class="gc-guard" hidden=move || phrase().is_empty()>
                "Names of the protected namespaces "
                <input type="text" name="guard" class="gc-secret" autocomplete="off" spellcheck="false" bind:value=typed />
            </label>
            {request.map(|request| view! {
                <details>
                    <summary>"Show request"</summary>
                    <pre>{move || crate::panel::present::shown(&request.get())}</pre>
                    {copy_button(curl, "Copy as curl (bash, zsh, fish)", copied[0])}
                    {copy_button(powershell, "Copy for PowerShell", copied[1])}
                </details>
            })}
            <div class="gc-actions">
                <button type="button" class="gc-secondary" autofocus on:click=move |_| open.set(false)>"Cancel"</button>
                <button type="button" class:gc-danger=move || !phrase().is_empty() disabled=move || !allowed() on:click=move |_| act()>{confirm}</button>
            </div>
        </dialog>
    }
}
