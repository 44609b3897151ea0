/** The administrator's e-mail in every test app and domain test (ADMIN_EMAILS). */
export const ADMIN_EMAIL = 'admin@example.com';
