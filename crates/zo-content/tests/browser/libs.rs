//! The real libraries some behaviours depend on (Shoelace web components, a React 19 app),
//! bundled from tests/fixtures/content/libs.ts by tests/fixtures/content/build.mjs.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;

#[wasm_bindgen(module = "/tests/browser/libs/libs.js")]
extern "C" {
    #[wasm_bindgen(js_name = installShoelace)]
    fn install_shoelace() -> js_sys::Promise;
    #[wasm_bindgen(js_name = shoelaceRendered)]
    fn shoelace_rendered(root: &Element) -> js_sys::Promise;
    #[wasm_bindgen(js_name = mountProductTable)]
    fn mount_product_table(el: &Element) -> js_sys::Promise;
}

/// Defines Shoelace's components (with its theme) and waits until those under `root` have
/// rendered.
pub async fn shoelace(root: &Element) {
    JsFuture::from(install_shoelace()).await.unwrap();
    JsFuture::from(shoelace_rendered(root)).await.unwrap();
}

/// Renders the React product table into `el` and waits until it shows.
pub async fn product_table(el: &Element) {
    JsFuture::from(mount_product_table(el)).await.unwrap();
}
