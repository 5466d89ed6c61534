// The link card's addresses (index.html's Open Graph and Twitter tags). Chat
// services and forums fetch og:image themselves and do not resolve an address
// relative to the page, so a site built for its address (SITE_URL=https://…/
// scripts/build site) names its picture and itself in full.
const CARD_TAGS = /(<meta (?:property="og:image"|name="twitter:image") content=")(img\/card\.png)(")/g;

// html: index.html's text; siteUrl: where the site is served ("https://example.org/battle/").
export function absoluteCard(html, siteUrl) {
  if (!/^https?:\/\/[A-Za-z0-9._~:@%+-]+(\/[A-Za-z0-9._~:@%+/-]*)?$/.test(siteUrl)) {
    throw new Error(`SITE_URL must be an http(s) address with no query or fragment, such as https://example.org/battle/ (got ${JSON.stringify(siteUrl)})`);
  }
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  let found = 0;
  const out = html.replace(CARD_TAGS, (_, open, file, close) => { found++; return open + base + file + close; })
    .replace('<meta property="og:type" content="website">', `<meta property="og:type" content="website">\n  <meta property="og:url" content="${base}">`);
  if (found !== 2 || !out.includes('og:url')) throw new Error('index.html no longer has the link card\'s og:image and twitter:image');
  return out;
}
