// Assay dashboard: the only script. Loaded from /dashboard/assets (CSP script-src 'self'); it
// adds confirmations, copy buttons, auto-submitting pickers, live refresh of progress, and the
// playground's in-browser signing. Pages work without it except copy and the playground.
"use strict";

document.addEventListener("submit", (event) => {
  const form = event.target;
  const message = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
  if (message && !window.confirm(message)) event.preventDefault();
});

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
  if (!button) return;
  const source = document.getElementById(button.dataset.copy);
  if (!source) return;
  const text = "value" in source ? source.value : source.textContent;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand("copy");
  }
  const label = button.textContent;
  button.textContent = "Copied";
  button.classList.add("copied");
  setTimeout(() => {
    button.textContent = label;
    button.classList.remove("copied");
  }, 1500);
});

document.addEventListener("change", (event) => {
  const el = event.target;
  if (el instanceof HTMLSelectElement && el.hasAttribute("data-autosubmit") && el.form) el.form.requestSubmit();
});

// Pages that show work in progress ask to be refreshed (data-refresh="seconds").
const refresh = document.querySelector("[data-refresh]");
if (refresh) setTimeout(() => window.location.reload(), Number(refresh.getAttribute("data-refresh")) * 1000);
