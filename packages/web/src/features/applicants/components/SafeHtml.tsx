import { Anchor, Typography } from '@mantine/core';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/**
 * The application definition's `descr` is HTML written by an administrator (A§3). It is shown without
 * dangerouslySetInnerHTML: the text is parsed by DOMParser into an inert document (no script runs, nothing loads)
 * and rebuilt as React elements from an allow-list of text tags. Anything else is dropped (scripts, styles, forms,
 * media, every attribute and event handler) or unwrapped to its text (unknown tags); links keep only an http(s) or
 * mailto address. Headings become bold paragraphs so the page keeps its own heading order.
 */
const TEXT_TAGS = new Set(['p', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'small', 'blockquote']);
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'img',
  'svg',
  'math',
  'video',
  'audio',
  'canvas',
  'link',
  'meta',
  'head',
  'title',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const SAFE_HREF = /^(https?:|mailto:)/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (tag === 'br') return <br key={key} />;
  if (HEADINGS.has(tag)) {
    return (
      <p key={key}>
        <strong>{children}</strong>
      </p>
    );
  }
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_HREF.test(href)) return <Fragment key={key}>{children}</Fragment>;
    return (
      <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  }
  if (TEXT_TAGS.has(tag)) return createElement(tag, { key }, ...children);
  return <Fragment key={key}>{children}</Fragment>;
}

export function htmlToReact(html: string): ReactNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(document.body.childNodes, toReact);
}

export function SafeHtml({ html }: { html: string }) {
  const content = useMemo(() => htmlToReact(html), [html]);
  return <Typography>{content}</Typography>;
}
