import { REWARD_ICONS, type RewardIcon } from '../../../../shared/domain/rewards-constants';

/** How each of the program's 18 icons is drawn: an emoji, so the web app needs no icon font. */
export const ICON_EMOJI: Readonly<Record<RewardIcon, string>> = {
  star: '⭐',
  gift: '🎁',
  heart: '❤️',
  trophy: '🏆',
  crown: '👑',
  gem: '💎',
  sparkles: '✨',
  balloon: '🎈',
  cake: '🎂',
  coffee: '☕',
  flower: '🌸',
  rainbow: '🌈',
  sun: '☀️',
  moon: '🌙',
  butterfly: '🦋',
  ribbon: '🎀',
  'shopping-bag': '🛍️',
  party: '🎉',
};

/** 'shopping-bag' -> 'Shopping bag': what a screen reader says for an icon. */
export function iconLabel(icon: RewardIcon): string {
  const words = icon.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The icons in the picker's order (the constants' order: a star first). */
export const PICKER_ICONS: readonly RewardIcon[] = REWARD_ICONS;
