import { boolean, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export type SocialLinks = Partial<Record<string, string>>;

export const businessProfiles = pgTable('business_profiles', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  description: text('description'),
  location: text('location'),
  website: text('website'),
  industry: text('industry'),
  size: text('size'),
  profilePictureUrl: text('profile_picture_url'),
  socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const proStaffProfiles = pgTable('pro_staff_profiles', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  bio: text('bio'),
  location: text('location'),
  specialties: text('specialties').array().notNull().default([]),
  experience: integer('experience').notNull().default(0),
  rating: doublePrecision('rating').notNull().default(0),
  isVerified: boolean('is_verified').notNull().default(false),
  portfolioUrls: text('portfolio_urls').array().notNull().default([]),
  socialMediaLinks: text('social_media_links').array().notNull().default([]),
  profilePictureUrl: text('profile_picture_url'),
  socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
