//! A stand-in for `send_wrapper` 0.6, which Leptos uses to move browser
//! values (closures, futures, JS handles) through APIs that ask for `Send`.
//! The real crate records the thread that made each wrapper and checks it on
//! every access, drop and poll. On `wasm32` without the `atomics` feature
//! there is one thread, so the check can never fail, yet each check calls
//! `std::thread::current()` and carries its panic message, inlined in every
//! generic use: 5.9 KB of the panel, gzipped (`cargo xtask dist`, with and
//! without this patch). Here that target keeps no thread id and checks nothing;
//! every other target (native tests, a threaded wasm) keeps the real check,
//! with the real crate's messages. Same API: `new`, `valid`, `take`, `Deref`,
//! `DerefMut`, `Drop`, `Clone`, `Debug`, and with `futures` `Future` and
//! `Stream`.

#[cfg(feature = "futures")]
mod futures;

use std::fmt;
use std::mem::{self, ManuallyDrop};
use std::ops::{Deref, DerefMut};

/// Whether this target can have more than one thread.
const THREADED: bool = cfg!(any(not(target_arch = "wasm32"), target_feature = "atomics"));

/// The thread a wrapper belongs to: only where there can be another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Owner(
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))] std::thread::ThreadId,
);

impl Owner {
    fn current() -> Owner {
        Owner(
            #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
            std::thread::current().id(),
        )
    }
}

/// A value that may be sent to or shared with other threads, but used,
/// dropped and polled only on the thread that wrapped it.
pub struct SendWrapper<T> {
    data: ManuallyDrop<T>,
    owner: Owner,
}

impl<T> SendWrapper<T> {
    /// Wraps `data`, on the current thread.
    pub fn new(data: T) -> SendWrapper<T> {
        SendWrapper {
            data: ManuallyDrop::new(data),
            owner: Owner::current(),
        }
    }

    /// Whether the value may be used here (always, on a one-thread target).
    pub fn valid(&self) -> bool {
        !THREADED || self.owner == Owner::current()
    }

    /// The value, unwrapped.
    ///
    /// # Panics
    /// On another thread than the one that wrapped it.
    #[track_caller]
    pub fn take(self) -> T {
        self.assert_valid(DEREF_ERROR);
        let mut this = ManuallyDrop::new(self);
        // SAFETY: `this` is never dropped, so `data` is taken once.
        unsafe { ManuallyDrop::take(&mut this.data) }
    }

    #[track_caller]
    fn assert_valid(&self, message: &'static str) {
        if !self.valid() {
            invalid(message)
        }
    }
}

// SAFETY: every use of the value checks that it is on the wrapping thread
// (`valid`), which on a one-thread target it always is.
unsafe impl<T> Send for SendWrapper<T> {}
unsafe impl<T> Sync for SendWrapper<T> {}

impl<T> Deref for SendWrapper<T> {
    type Target = T;

    #[track_caller]
    fn deref(&self) -> &T {
        self.assert_valid(DEREF_ERROR);
        &self.data
    }
}

impl<T> DerefMut for SendWrapper<T> {
    #[track_caller]
    fn deref_mut(&mut self) -> &mut T {
        self.assert_valid(DEREF_ERROR);
        &mut self.data
    }
}

impl<T> Drop for SendWrapper<T> {
    #[track_caller]
    fn drop(&mut self) {
        if !mem::needs_drop::<T>() || self.valid() {
            // SAFETY: dropped once, here, on the wrapping thread.
            unsafe { ManuallyDrop::drop(&mut self.data) }
        } else if !std::thread::panicking() {
            invalid(DROP_ERROR)
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for SendWrapper<T> {
    #[track_caller]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SendWrapper")
            .field("data", self.deref())
            .finish()
    }
}

impl<T: Clone> Clone for SendWrapper<T> {
    #[track_caller]
    fn clone(&self) -> Self {
        Self::new(self.deref().clone())
    }
}

const DEREF_ERROR: &str = "Dereferenced SendWrapper<T> variable from a thread different to the one it has been created with.";
const DROP_ERROR: &str =
    "Dropped SendWrapper<T> variable from a thread different to the one it has been created with.";
#[cfg(feature = "futures")]
const POLL_ERROR: &str =
    "Polling SendWrapper<T> variable from a thread different to the one it has been created with.";

#[cold]
#[inline(never)]
#[track_caller]
fn invalid(message: &'static str) -> ! {
    panic!("{message}")
}

#[cfg(test)]
mod tests {
    use super::SendWrapper;
    use std::rc::Rc;

    #[test]
    fn the_value_is_used_on_its_thread_and_refused_on_another() {
        let w = SendWrapper::new(Rc::new(42));
        assert!(w.valid());
        assert_eq!(**w, 42);
        let other = std::thread::spawn(move || {
            let seen = (w.valid(), std::panic::catch_unwind(|| **w).is_err());
            std::mem::forget(w);
            seen
        });
        assert_eq!(
            other.join().unwrap(),
            (false, true),
            "not valid there, and refused"
        );
        let dropped = SendWrapper::new(Rc::new(1));
        let other = std::thread::spawn(move || drop(dropped));
        assert!(other.join().is_err(), "a drop on another thread panics");
    }

    #[test]
    fn take_unwraps_once() {
        let w = SendWrapper::new(String::from("x"));
        assert_eq!(w.clone().take(), "x");
        assert_eq!(w.take(), "x");
    }
}
