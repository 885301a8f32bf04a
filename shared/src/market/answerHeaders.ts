// The headers of a market answer that date its data, read where an answer arrives: by the
// market client (ky) and by the host page's boot script. No dependencies: the boot script
// is inlined in the page and must stay small.

/** The headers that date a market answer's data, as sent: untrusted text (answerAgeOf reads them). */
export interface AnswerHeaders {
  /** When the data was fetched from the market (an HTTP date); the gateway sends its oldest coin's. */
  lastModified: string | null;
  /**
   * The gateway's `X-Market-Cache`: 'stale' when it answered with its last known data
   * because the market could not be asked. Read rather than `X-Market-Stale`: it comes with
   * every gateway answer, so a 304 revalidation replaces the browser's stored value, where
   * an `X-Market-Stale` stored with a stale answer would outlive it.
   */
  marketCache: string | null;
}

export const answerHeadersOf = (headers: Headers): AnswerHeaders => ({
  lastModified: headers.get('last-modified'),
  marketCache: headers.get('x-market-cache'),
});
