import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCatalog, DEMO_REFERENCE_DATE, utf8Length, type CatalogEntry } from './catalog';

const catalog = buildCatalog();

function bytesOf(entry: CatalogEntry): Uint8Array {
  return entry.body.kind === 'text'
    ? new TextEncoder().encode(entry.body.text)
    : Buffer.from(entry.body.base64, 'base64');
}

function textOf(uri: string): string {
  const entry = catalog.find((candidate) => candidate.uri === uri);
  if (entry?.body.kind !== 'text') throw new Error(`no text resource ${uri}`);
  return entry.body.text;
}

describe('the demo catalog', () => {
  it('is the same on every build, and a different seed moves only dates and figures', () => {
    expect(buildCatalog()).toEqual(catalog);
    const reseeded = buildCatalog({ seed: 1 });
    expect(reseeded.map((entry) => entry.uri)).toEqual(catalog.map((entry) => entry.uri));
    expect(reseeded).not.toEqual(catalog);
  });

  it('holds a realistic number of resources with unique URIs that survive URL normalisation', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(50);
    expect(catalog.length).toBeLessThanOrEqual(200);
    expect(new Set(catalog.map((entry) => entry.uri)).size).toBe(catalog.length);
    // The SDK looks resources up by `new URL(uri).toString()`; a URI that normalises differently
    // would be unreadable.
    for (const entry of catalog) expect(new URL(entry.uri).href).toBe(entry.uri);
  });

  it('spans several URI schemes and nests paths several levels deep', () => {
    const schemes = new Set(catalog.map((entry) => new URL(entry.uri).protocol));
    expect([...schemes].sort()).toEqual(['changelog:', 'db:', 'design:', 'docs:', 'file:']);
    expect(catalog.some((entry) => entry.uri.startsWith('docs://lumen/api/v2/endpoints/'))).toBe(
      true,
    );
    expect(catalog.some((entry) => entry.uri.startsWith('file:///'))).toBe(true);
  });

  it('gives every resource a name and most a title, description and MIME type', () => {
    const share = (has: (entry: CatalogEntry) => boolean) =>
      catalog.filter(has).length / catalog.length;
    expect(catalog.every((entry) => entry.name.length > 0)).toBe(true);
    expect(share((entry) => Boolean(entry.title))).toBeGreaterThan(0.8);
    expect(share((entry) => Boolean(entry.description))).toBeGreaterThan(0.9);
    expect(catalog.every((entry) => Boolean(entry.mimeType))).toBe(true);
    expect(catalog.some((entry) => !entry.title)).toBe(true);
  });

  it('declares each size as the real byte length of the content', () => {
    for (const entry of catalog) expect(entry.size, entry.uri).toBe(bytesOf(entry).length);
    // Non-ASCII text (⌘, →, “…”) is where characters and bytes differ.
    const guide = textOf('docs://lumen/guides/keyboard-shortcuts.md');
    expect(utf8Length(guide)).toBeGreaterThan(guide.length);
  });

  it('uses every annotation variant', () => {
    const priorities = catalog
      .map((entry) => entry.annotations?.priority)
      .filter((value) => value !== undefined);
    expect(priorities).toContain(0);
    expect(priorities).toContain(1);
    expect(
      new Set(priorities.filter((value) => value > 0 && value < 1)).size,
    ).toBeGreaterThanOrEqual(5);
    expect(priorities.every((value) => value >= 0 && value <= 1)).toBe(true);

    const audiences = new Set(
      catalog.map((entry) => JSON.stringify(entry.annotations?.audience ?? null)),
    );
    expect(audiences).toEqual(
      new Set(['["user"]', '["assistant"]', '["user","assistant"]', 'null']),
    );
    expect(catalog.some((entry) => entry.annotations === undefined)).toBe(true);
  });

  it('dates everything before the reference date, spread over several months', () => {
    const dates = catalog
      .map((entry) => entry.annotations?.lastModified)
      .filter((value) => value !== undefined);
    expect(dates.length).toBeGreaterThan(catalog.length * 0.8);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(date)).toBeLessThan(Date.parse(DEMO_REFERENCE_DATE));
    }
    expect(new Set(dates.map((date) => date.slice(0, 7))).size).toBeGreaterThanOrEqual(5);
  });

  it('ships real images, a binary that is not an image, and inline PNG icons', () => {
    const pngs = catalog.filter((entry) => entry.mimeType === 'image/png');
    expect(pngs.length).toBeGreaterThanOrEqual(1);
    for (const png of pngs)
      expect([...bytesOf(png).subarray(0, 8)]).toEqual([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
      ]);

    const archive = catalog.find((entry) => entry.mimeType === 'application/gzip');
    expect(archive?.body.kind).toBe('blob');
    expect(JSON.parse(gunzipSync(bytesOf(archive!)).toString('utf8'))).toMatchObject({
      format: 'lumen-export/2',
    });

    const icons = catalog.flatMap((entry) => entry.icons ?? []);
    expect(icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of icons) expect(icon.src).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('writes content that looks like the real thing', () => {
    const guide = textOf('docs://lumen/guides/getting-started.md');
    expect(guide).toMatch(/^# Getting started with Lumen\n/);
    expect(guide).toMatch(/^- /m);
    expect(guide).toMatch(/^```bash$/m);
    expect(guide).toMatch(/^\| --- \|/m);

    expect(JSON.parse(textOf('design://tokens/color/primary.json'))).toMatchObject({
      color: { primary: { $type: 'color', $value: '#5b5bd6' } },
    });
    expect(textOf('db://lumen/schema/tables/notes')).toMatch(/^CREATE TABLE notes \(/m);
    expect(textOf('changelog://lumen/releases/2.0.0')).toMatch(/^## Added$/m);
  });
});
