//! `Future` and `Stream` for a wrapped future or stream, polled only on the
//! wrapping thread (always, on a one-thread target).

use std::pin::Pin;
use std::task::{Context, Poll};

use futures_core::Stream;

use crate::{SendWrapper, POLL_ERROR};

impl<F: std::future::Future> std::future::Future for SendWrapper<F> {
    type Output = F::Output;

    #[track_caller]
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        self.assert_valid(POLL_ERROR);
        // SAFETY: the wrapped future is never moved out of the pinned wrapper.
        unsafe { self.map_unchecked_mut(|w| &mut *w.data) }.poll(cx)
    }
}

impl<S: Stream> Stream for SendWrapper<S> {
    type Item = S::Item;

    #[track_caller]
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.assert_valid(POLL_ERROR);
        // SAFETY: as for `poll`.
        unsafe { self.map_unchecked_mut(|w| &mut *w.data) }.poll_next(cx)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Through `deref`, which checks the thread as every other use does.
        std::ops::Deref::deref(self).size_hint()
    }
}
