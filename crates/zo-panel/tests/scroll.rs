//! Long streamed answers in a real browser: the message list follows the end while the user is
//! there and leaves them alone once they scrolled up; answer blocks are grouped without
//! changing the text shown.

#![cfg(test)]

mod common;

use std::cell::Cell;
use std::rc::Rc;

use common::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

/// A panel whose message list is a 300 px scroll container (tests load no stylesheet).
fn scrolling_panel(host: &FakeHost) -> (zo_panel::Panel, Element, Element) {
    let (p, root) = panel(host);
    q(&root, ".zo")
        .unwrap()
        .set_attribute(
            "style",
            "height: 300px; display: flex; flex-direction: column",
        )
        .unwrap();
    let list = q(&root, ".messages").unwrap();
    list.set_attribute("style", "flex: 1; overflow-y: auto")
        .unwrap();
    (p, root, list)
}

/// Stream `n` paragraphs, a few words per delta.
fn stream_paragraphs(p: &zo_panel::Panel, sid: &str, from: usize, n: usize) {
    for i in from..from + n {
        for word in format!("Paragraph {i} has a few words in it.\n\n").split_inclusive(' ') {
            feed(p, chunk(sid, word));
        }
    }
}

/// Let the browser render `n` frames.
async fn frames(n: usize) {
    for _ in 0..n {
        let frame = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .request_animation_frame(&resolve)
                .unwrap();
        });
        JsFuture::from(frame).await.unwrap();
    }
}

fn distance_to_end(list: &Element) -> i32 {
    list.scroll_height() - list.scroll_top() - list.client_height()
}

#[wasm_bindgen_test]
async fn the_list_follows_the_end_while_the_user_is_there() {
    let host = FakeHost::new();
    let (p, _root, list) = scrolling_panel(&host);
    let sid = p.send("long").unwrap();
    frames(2).await;
    stream_paragraphs(&p, &sid, 0, 40);
    assert!(list.scroll_height() > 3 * list.client_height());
    // Deltas do not scroll (nor lay out) one by one: the next frame does, once.
    assert_eq!(list.scroll_top(), 0);
    frames(2).await;
    assert!(distance_to_end(&list) <= 1, "{}", distance_to_end(&list));
    stream_paragraphs(&p, &sid, 40, 10);
    frames(2).await;
    assert!(distance_to_end(&list) <= 1, "{}", distance_to_end(&list));
}

#[wasm_bindgen_test]
async fn the_list_stays_put_once_the_user_scrolled_up_and_follows_again_at_the_end() {
    let host = FakeHost::new();
    let (p, _root, list) = scrolling_panel(&host);
    let sid = p.send("long").unwrap();
    stream_paragraphs(&p, &sid, 0, 40);
    frames(2).await;
    assert!(distance_to_end(&list) <= 1);

    // The user scrolls up to read: new content does not move them.
    list.set_scroll_top(100);
    frames(2).await;
    stream_paragraphs(&p, &sid, 40, 20);
    frames(3).await;
    assert_eq!(list.scroll_top(), 100);
    assert!(distance_to_end(&list) > 300);

    // Back at the end, the list follows again.
    list.set_scroll_top(list.scroll_height());
    frames(2).await;
    stream_paragraphs(&p, &sid, 60, 20);
    frames(2).await;
    assert!(distance_to_end(&list) <= 1, "{}", distance_to_end(&list));
}

#[wasm_bindgen_test]
async fn a_freed_panel_with_a_pending_frame_does_not_fail() {
    let errors = Rc::new(Cell::new(0));
    let count = errors.clone();
    let on_error = Closure::<dyn FnMut()>::new(move || count.set(count.get() + 1));
    let window = web_sys::window().unwrap();
    window
        .add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();
    let host = FakeHost::new();
    let (p, _root, _list) = scrolling_panel(&host);
    let sid = p.send("long").unwrap();
    stream_paragraphs(&p, &sid, 0, 5);
    drop(p); // its frame request is cancelled with it
    frames(3).await;
    window
        .remove_event_listener_with_callback("error", on_error.as_ref().unchecked_ref())
        .unwrap();
    assert_eq!(
        errors.get(),
        0,
        "a frame callback ran after the panel was freed"
    );
}

#[wasm_bindgen_test]
fn long_answers_group_their_blocks_and_keep_the_text() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("long").unwrap();
    stream_paragraphs(&p, &sid, 0, 100);
    let answer = last_answer(&root);
    let blocks = qa(&answer, ".md-block");
    assert_eq!(blocks.len(), 100);
    let groups = qa(&answer, ":scope > .md-group");
    assert_eq!(answer.child_element_count() as usize, groups.len());
    assert_eq!(groups.len(), 4, "100 blocks in groups of 32");
    for g in &groups {
        assert!(g.child_element_count() <= 32);
        assert_eq!(
            qa(g, ":scope > .md-block").len(),
            g.child_element_count() as usize
        );
    }
    // Every paragraph, in order, and the text reads as paragraphs (innerText).
    let text = answer.dyn_ref::<HtmlElement>().unwrap().inner_text();
    let paragraphs: Vec<&str> = text.split('\n').filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(paragraphs.len(), 100, "{text}");
    for (i, para) in paragraphs.iter().enumerate() {
        assert_eq!(*para, format!("Paragraph {i} has a few words in it."));
    }
}
