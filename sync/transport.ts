/**
 * The backend as the sync engine sees it: a supabase-js client typed with
 * only what sync/ calls (the `push_changes` and `pull_changes` RPCs, rows of
 * the synced tables read by id, Storage, auth and Realtime). The app's fully
 * typed client (`SupabaseClient<Database>`) is assignable to it, so sync/
 * needs no type from src/; a test passes any object of the same shape.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** JSON as the API carries it (the Supabase CLI's `Json`). */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

type AnyRow = Record<string, unknown>;

interface AnyTable {
  Row: AnyRow;
  Insert: AnyRow;
  Update: AnyRow;
  Relationships: {
    foreignKeyName: string;
    columns: string[];
    isOneToOne?: boolean;
    referencedRelation: string;
    referencedColumns: string[];
  }[];
}

/** The part of the API's schema the engine uses (docs/sync-protocol.md). */
export type SyncDatabase = {
  __InternalSupabase: { PostgrestVersion: '12' };
  public: {
    Tables: Record<string, AnyTable>;
    Views: { [_ in never]: never };
    Functions: {
      pull_changes: {
        Args: { p_after_id?: string; p_cursor?: string; p_limit?: number; p_table: string };
        Returns: Json;
      };
      push_changes: { Args: { p_ops: Json }; Returns: Json };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

/** The client the engine talks to the backend through. */
export type SyncClient = SupabaseClient<SyncDatabase>;
