import { test } from '@playwright/test';
import { kidsContentTests } from './kids-content';

test.describe('Kids Zone content on a phone', kidsContentTests);
