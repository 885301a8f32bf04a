import { REMOTES } from '../remotes';
import { createElementMount } from './elementMount';

const EMBED_URL = 'https://cdn.example/remotes/watchlist/embed.js';
const embedScripts = () => [...document.scripts].filter((script) => script.src === EMBED_URL);

function slot(): HTMLElement {
  return document.body.appendChild(document.createElement('div'));
}

describe('mount() of the ./mount expose', () => {
  beforeEach(() => document.head.replaceChildren());

  it("renders the widget's element with mount()'s options as its attributes, loading embed.js once", () => {
    const mount = createElementMount('watchlist', () => EMBED_URL);
    const first = slot();
    const unmount = mount(first, {
      market: { baseUrl: 'https://partner.example/api/market', plan: 'demo' },
      colorScheme: 'light',
      theme: { surface: '#fafafa' },
    });
    mount(slot());

    const element = first.querySelector(REMOTES.watchlist.element);
    expect(element?.getAttribute('market-api-url')).toBe('https://partner.example/api/market');
    expect(element?.getAttribute('market-api-plan')).toBe('demo');
    expect(element?.hasAttribute('market-api-key')).toBe(false);
    expect(element?.getAttribute('color-scheme')).toBe('light');
    expect(JSON.parse(element?.getAttribute('theme') ?? '{}')).toEqual({ surface: '#fafafa' });
    expect(embedScripts()).toHaveLength(1);

    unmount();
    expect(first).toBeEmptyDOMElement();
  });

  it('leaves out an option of the wrong type, with a warning naming it', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const mount = createElementMount('watchlist', () => EMBED_URL);
    const element = slot();
    // A page without TypeScript may pass anything.
    mount(element, JSON.parse('{"colorScheme":"blue","theme":{"surface":"#fff"}}'));
    const widget = element.querySelector(REMOTES.watchlist.element);
    expect(widget?.hasAttribute('color-scheme')).toBe(false);
    expect(widget?.getAttribute('theme')).toBe('{"surface":"#fff"}');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignoring the colorScheme option'));
    warn.mockRestore();
  });

  it('says the widget is unavailable when embed.js cannot be loaded', () => {
    const mount = createElementMount('watchlist', () => EMBED_URL);
    const element = slot();
    mount(element);
    embedScripts()[0]?.dispatchEvent(new Event('error'));
    expect(element).toHaveTextContent('Watchlist is unavailable right now.');
  });

  it('loads nothing when the page already has the element', () => {
    customElements.define(REMOTES.summary.element, class extends HTMLElement {});
    const mount = createElementMount('summary', () => EMBED_URL);
    mount(slot());
    expect(document.scripts).toHaveLength(0);
  });
});
