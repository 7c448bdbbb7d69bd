import type { FirstScreenBudget } from './first-screen.mjs';

export const FIRST_SCREEN_BUDGET: FirstScreenBudget;
