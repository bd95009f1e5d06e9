export const DEMO_PASSWORD = 'demo1234';
export const DEMO_BUSINESS_EMAIL = 'demo.business@example.com';
export const DEMO_PRO_STAFF_EMAIL = 'demo.prostaff@example.com';
export const DEMO_ADMIN_EMAIL = 'admin@example.com';
