import { describe, expect, it } from 'vitest';
import {
  canAddTemplate,
  checkTemplateWrite,
  DEFAULT_TEMPLATE,
  MERGE_FIELD_NAMES,
  renderTemplate,
  renderText,
  SAMPLE_VALUES,
  templateCap,
  unknownFields,
} from './email-templates.js';

describe('renderTemplate', () => {
  it('fills every merge field of the default template, the same for subject and message', () => {
    const out = renderTemplate(DEFAULT_TEMPLATE, { firstName: 'Ana', orderNumber: '#7', trackingLink: 'https://t.example/1', sellerName: 'Bo' });
    expect(out.subject).toBe('Thank you for your order, Ana!');
    expect(out.message).toContain('Hi Ana,');
    expect(out.message).toContain('order #7.');
    expect(out.message).toContain('https://t.example/1');
    expect(out.message.endsWith('Bo')).toBe(true);
    expect(out.message).not.toMatch(/\{\{/);
  });

  it('uses each field\'s fallback when a value is missing or blank', () => {
    expect(renderText('Hi {{firstName}}', {})).toBe('Hi there');
    expect(renderText('Hi {{firstName}}', { firstName: '   ' })).toBe('Hi there');
    expect(renderText('Hi {{firstName}}', { firstName: null })).toBe('Hi there');
    expect(renderText('{{orderNumber}} from {{sellerName}}', {})).toBe('your order from us');
  });

  it('accepts spaces inside the braces and leaves unknown fields as typed', () => {
    expect(renderText('Hi {{ firstName }}, {{frstName}} {{ Unknown }}', { firstName: 'Ana' })).toBe('Hi Ana, {{frstName}} {{ Unknown }}');
    expect(unknownFields('{{frstName}} {{firstName}} {{frstName}}')).toEqual(['frstName']);
  });

  it('does not read inherited properties as fields', () => {
    expect(renderText('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  it('keeps values as plain text, without interpreting them as fields again', () => {
    expect(renderText('Hi {{firstName}}', { firstName: '{{sellerName}}' })).toBe('Hi {{sellerName}}');
  });

  it('has sample values for every field (the preview shows no fallback)', () => {
    for (const f of MERGE_FIELD_NAMES) expect(SAMPLE_VALUES[f]).toBeTruthy();
  });
});

describe('template caps and permissions', () => {
  it('caps saved templates per package; base and starterlegacy none', () => {
    expect(templateCap('base')).toBe(0);
    expect(templateCap('starterlegacy')).toBe(0);
    expect(canAddTemplate('starter', 4)).toBe(true);
    expect(canAddTemplate('starter', 5)).toBe(false);
    expect(canAddTemplate('growth', 24)).toBe(true);
    expect(canAddTemplate('growth', 25)).toBe(false);
    expect(canAddTemplate('executive', 10_000)).toBe(true);
  });

  it('lets base edit only FollowUpEmail and starterlegacy nothing', () => {
    expect(checkTemplateWrite('base', 'FollowUpEmail', false, 0)).toEqual({ ok: true });
    expect(checkTemplateWrite('base', 'Holiday', false, 0)).toEqual({ ok: false, reason: 'locked' });
    expect(checkTemplateWrite('starterlegacy', 'FollowUpEmail', false, 0)).toEqual({ ok: false, reason: 'locked' });
  });

  it('counts only new names against the cap: editing one at the cap is allowed', () => {
    expect(checkTemplateWrite('starter', 'Sixth', false, 5)).toEqual({ ok: false, reason: 'cap' });
    expect(checkTemplateWrite('starter', 'Second', true, 5)).toEqual({ ok: true });
    expect(checkTemplateWrite('starter', 'FollowUpEmail', false, 5)).toEqual({ ok: true });
  });
});
