import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types. Conventions, the same on both engines:
 * - ids are strings from `newId()` (time-ordered, not guessable), never auto-increment;
 * - timestamps are UTC strings "YYYY-MM-DD HH:MM:SS.mmm" (see db/time.ts);
 * - booleans are 0/1 integers;
 * - money is an integer number of yen.
 */

export type Timestamp = string;
export type Bool = 0 | 1;

export type Permission = "admin" | "member";
export type Language = "ja" | "en";

export interface UsersTable {
  id: string;
  email: string;
  email_verified_at: Timestamp | null;
  password_hash: string;
  name: string;
  nickname: string;
  permission: Permission;
  language: Language;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not give working cookies. */
  id: string;
  user_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface SettingsTable {
  key: string;
  /** JSON text; each setting's shape is validated by its owner when read. */
  value: string;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Setting = Selectable<SettingsTable>;
// Re-exported so feature code never imports kysely's helper types piecemeal.
export type { Generated };
