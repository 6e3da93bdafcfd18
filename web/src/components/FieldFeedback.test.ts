import { describe, expect, it } from 'vitest';
import { invalidProps } from './FieldFeedback';

describe('invalidProps', () => {
  it('marks a field with a message invalid and points it at the message', () => {
    expect(invalidProps('customer-firstName', { message: 'First name is required.' })).toEqual({
      isInvalid: true,
      'aria-invalid': true,
      'aria-describedby': 'customer-firstName-error',
    });
  });

  it('keeps the hint first and adds the message after it', () => {
    expect(invalidProps('reward-text', 'Reward text is required.', 'reward-text-count')['aria-describedby']).toBe('reward-text-count reward-text-error');
  });

  it('leaves a valid field unmarked, described by its hint alone', () => {
    expect(invalidProps('reward-text', undefined, 'reward-text-count')).toEqual({
      isInvalid: false,
      'aria-invalid': undefined,
      'aria-describedby': 'reward-text-count',
    });
    expect(invalidProps('customer-company', undefined)['aria-describedby']).toBeUndefined();
  });

  it('points at no message when the error has none to show', () => {
    expect(invalidProps('customer-state', { message: '' })).toMatchObject({ isInvalid: true, 'aria-describedby': undefined });
  });
});
