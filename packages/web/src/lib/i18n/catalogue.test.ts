import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function leaves(catalogue: Record<string, Record<string, string>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [group, texts] of Object.entries(catalogue)) {
    for (const [key, text] of Object.entries(texts)) out.set(`${group}.${key}`, text);
  }
  return out;
}

const english = leaves(en);
const spanish = leaves(es);

describe('the Spanish catalogue', () => {
  it('has a non-empty text for every English key, and no key English lacks', () => {
    const missing = [...english.keys()].filter((key) => !spanish.get(key)?.trim());
    const extra = [...spanish.keys()].filter((key) => !english.has(key));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('keeps the {{placeholders}} of each English text', () => {
    const differing = [...english].filter(([key, text]) => {
      const other = spanish.get(key);
      return other !== undefined && placeholders(other).join() !== placeholders(text).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });
});

describe('the English catalogue', () => {
  // Every literal key a screen passes to t() exists: a typo would show the key itself on screen.
  it('holds every key the screens ask for', () => {
    const root = path.resolve(__dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(full);
      }
    };
    walk(root);
    const asked = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_]+)'/g)) asked.add(match[1]!);
      // Keys handed over as data ('nav.home' in a navigation item, a step's heading) are written as such.
      for (const match of source.matchAll(/'((?:nav|recovery|application|footer|kit|login|password)\.[a-zA-Z0-9_]+)'/g))
        asked.add(match[1]!);
    }
    const unknown = [...asked].filter((key) => !english.has(key));
    expect(unknown).toEqual([]);
  });
});
