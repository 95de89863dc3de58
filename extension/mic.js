// Microphone page glue: Chrome shows no permission prompt in the side panel, so the panel opens
// this page in a tab, where it can. Asking for the microphone once grants it to the extension's
// own pages (the side panel included); the stream is closed at once. The page's text says what
// happened (the paragraph named for the outcome).
function show(outcome) {
  const all = document.querySelectorAll('[data-outcome]');
  const known = [...all].some((p) => p.dataset.outcome === outcome);
  for (const p of all) p.hidden = p.dataset.outcome !== (known ? outcome : 'other');
}

document.getElementById('allow').addEventListener('click', async () => {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
    show('allowed');
  } catch (err) {
    console.warn('[zo] microphone', err);
    show(err?.name ?? 'other');
  }
});
