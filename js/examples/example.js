// The host page's own script: the elements defined by importing the entry,
// the connection given to each (the token as a property, never an
// attribute), the scheme forced or left to the system, and their events
// listed.
import '../../pkg/elements.js';

const form = document.getElementById('connection');
const elements = document.querySelectorAll('gamecloud-builds, gamecloud-dev-token, gamecloud-namespace-settings');
const events = document.getElementById('events');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(form);
  for (const element of elements) {
    element.setAttribute('game', data.get('game').trim());
    element.setAttribute('namespace', data.get('namespace').trim());
    element.token = data.get('token');
  }
});

form.elements.scheme.addEventListener('change', () => {
  document.documentElement.dataset.scheme = form.elements.scheme.value;
});

function list(text, kind) {
  const item = document.createElement('li');
  item.className = kind;
  item.textContent = text;
  events.prepend(item);
}

document.addEventListener('gamecloud-change', (event) => {
  const { operation, namespaceId, value } = event.detail;
  list(`${event.target.localName}: ${operation} on ${namespaceId}: ${value}`, 'host-change');
});

document.addEventListener('gamecloud-error', (event) => {
  const error = event.detail;
  list(`${event.target.localName}: ${error.operation ?? 'load'} failed (${error.kind}): ${error.message}`, 'host-error');
});
