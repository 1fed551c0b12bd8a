/* eslint-disable @typescript-eslint/no-redundant-type-constituents -- the generator's helper types end in `never` branches; the file keeps its output as written */
/**
 * The API's database types, in the shape `supabase gen types typescript
 * --schema public` writes them, for the tables the app reads and the RPCs it
 * calls (the grant list of supabase/migrations/20261123000400_api.sql),
 * written from supabase/migrations/*.sql. The app's client is
 * `createClient<Database>` (src/auth/supabase.ts), so every `.from()` and
 * `.rpc()` call is checked against them. Regenerating with the CLI may
 * replace this file whole; tests/integration/schema/databaseTypes.test.ts
 * compares it with the migrated database (columns, argument names, defaults)
 * through the lists in databaseSurface.ts.
 *
 * Types as the CLI maps them: uuid, text, timestamptz → string; int, bigint →
 * number; json, jsonb → Json; xid8 → unknown; `returns void` → undefined;
 * `returns setof text` → string[]. A generated column is `never` in
 * Insert/Update; a column with a default, or nullable, is optional there.
 */
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      change_orders: {
        Row: {
          content_sha256: string | null
          contract_before_cents: number | null
          contractor_id: string
          created_at: string
          credits: Json
          currency: string
          decided_at: string | null
          decline_reason: string | null
          deleted_at: string | null
          id: string
          lines: Json
          note: string
          number: number
          project_id: string
          quote_id: string
          sent_at: string | null
          signed_at: string | null
          signed_by: string | null
          signed_sha256: string | null
          signer_name: string | null
          status: string
          subtotal_cents: number
          tax_cents: number
          tax_rate: number
          total_cents: number
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          content_sha256?: string | null
          contract_before_cents?: number | null
          contractor_id: string
          created_at?: string
          credits?: Json
          currency?: string
          decided_at?: string | null
          decline_reason?: string | null
          deleted_at?: string | null
          id?: string
          lines?: Json
          note?: string
          number?: number
          project_id: string
          quote_id: string
          sent_at?: string | null
          signed_at?: string | null
          signed_by?: string | null
          signed_sha256?: string | null
          signer_name?: string | null
          status?: string
          subtotal_cents?: number
          tax_cents?: number
          tax_rate?: number
          total_cents?: number
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          content_sha256?: string | null
          contract_before_cents?: number | null
          contractor_id?: string
          created_at?: string
          credits?: Json
          currency?: string
          decided_at?: string | null
          decline_reason?: string | null
          deleted_at?: string | null
          id?: string
          lines?: Json
          note?: string
          number?: number
          project_id?: string
          quote_id?: string
          sent_at?: string | null
          signed_at?: string | null
          signed_by?: string | null
          signed_sha256?: string | null
          signer_name?: string | null
          status?: string
          subtotal_cents?: number
          tax_cents?: number
          tax_rate?: number
          total_cents?: number
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "change_orders_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "change_orders_quote_id_fkey"
            columns: ["quote_id"]
            isOneToOne: false
            referencedRelation: "quotes"
            referencedColumns: ["id"]
          },
        ]
      }
      door_makers: {
        Row: {
          contractor_id: string
          created_at: string
          created_by: string | null
          deleted_at: string | null
          email: string
          id: string
          locale: string
          name: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          contractor_id: string
          created_at?: string
          created_by?: string | null
          deleted_at?: string | null
          email: string
          id?: string
          locale?: string
          name: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          contractor_id?: string
          created_at?: string
          created_by?: string | null
          deleted_at?: string | null
          email?: string
          id?: string
          locale?: string
          name?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: []
      }
      door_orders: {
        Row: {
          carrier: string
          checkin: Json
          confirmed_on: string | null
          contractor_id: string
          created_at: string
          created_by: string | null
          deleted_at: string | null
          files: string[]
          id: string
          mailed_at: string | null
          maker_email: string
          maker_id: string | null
          maker_name: string
          maker_order_number: string
          note: string
          ordered_on: string
          parts: Json
          po_number: string
          project_id: string
          promised_ship_on: string | null
          received_on: string | null
          remake_of: string | null
          sent_via: string
          shipped_on: string | null
          status: string
          tracking_number: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          carrier?: string
          checkin?: Json
          confirmed_on?: string | null
          contractor_id: string
          created_at?: string
          created_by?: string | null
          deleted_at?: string | null
          files?: string[]
          id?: string
          mailed_at?: string | null
          maker_email?: string
          maker_id?: string | null
          maker_name?: string
          maker_order_number?: string
          note?: string
          ordered_on?: string
          parts?: Json
          po_number?: string
          project_id: string
          promised_ship_on?: string | null
          received_on?: string | null
          remake_of?: string | null
          sent_via?: string
          shipped_on?: string | null
          status?: string
          tracking_number?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          carrier?: string
          checkin?: Json
          confirmed_on?: string | null
          contractor_id?: string
          created_at?: string
          created_by?: string | null
          deleted_at?: string | null
          files?: string[]
          id?: string
          mailed_at?: string | null
          maker_email?: string
          maker_id?: string | null
          maker_name?: string
          maker_order_number?: string
          note?: string
          ordered_on?: string
          parts?: Json
          po_number?: string
          project_id?: string
          promised_ship_on?: string | null
          received_on?: string | null
          remake_of?: string | null
          sent_via?: string
          shipped_on?: string | null
          status?: string
          tracking_number?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "door_orders_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "door_orders_remake_of_fkey"
            columns: ["remake_of"]
            isOneToOne: false
            referencedRelation: "door_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      invoices: {
        Row: {
          amount_cents: number
          change_order_id: string | null
          contractor_id: string
          created_at: string
          deleted_at: string | null
          due_on: string | null
          id: string
          issued_at: string | null
          kind: string
          note: string
          number: number | null
          project_id: string
          quote_id: string
          share_token: string
          status: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          amount_cents: number
          change_order_id?: string | null
          contractor_id: string
          created_at?: string
          deleted_at?: string | null
          due_on?: string | null
          id?: string
          issued_at?: string | null
          kind: string
          note?: string
          number?: number | null
          project_id: string
          quote_id: string
          share_token?: string
          status?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          amount_cents?: number
          change_order_id?: string | null
          contractor_id?: string
          created_at?: string
          deleted_at?: string | null
          due_on?: string | null
          id?: string
          issued_at?: string | null
          kind?: string
          note?: string
          number?: number | null
          project_id?: string
          quote_id?: string
          share_token?: string
          status?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "invoices_change_order_id_fkey"
            columns: ["change_order_id"]
            isOneToOne: false
            referencedRelation: "change_orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invoices_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invoices_quote_id_fkey"
            columns: ["quote_id"]
            isOneToOne: false
            referencedRelation: "quotes"
            referencedColumns: ["id"]
          },
        ]
      }
      message_reads: {
        Row: {
          created_at: string
          deleted_at: string | null
          id: string
          project_id: string
          read_up_to: string
          txid: unknown
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          created_at?: string
          deleted_at?: string | null
          id?: string
          project_id: string
          read_up_to: string
          txid?: unknown
          updated_at?: string
          user_id?: string
          version?: number
        }
        Update: {
          created_at?: string
          deleted_at?: string | null
          id?: string
          project_id?: string
          read_up_to?: string
          txid?: unknown
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "message_reads_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          attachments: Json
          author_id: string
          bidder_id: string | null
          body: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          project_id: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          attachments?: Json
          author_id: string
          bidder_id?: string | null
          body: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: string
          project_id: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          attachments?: Json
          author_id?: string
          bidder_id?: string | null
          body?: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: string
          project_id?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "messages_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          amount_cents: number
          contractor_id: string
          created_at: string
          deleted_at: string | null
          id: string
          invoice_id: string | null
          method: string
          paid_on: string
          project_id: string
          recorded_by: string | null
          reference: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          amount_cents: number
          contractor_id: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          invoice_id?: string | null
          method: string
          paid_on: string
          project_id: string
          recorded_by?: string | null
          reference?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          amount_cents?: number
          contractor_id?: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          invoice_id?: string | null
          method?: string
          paid_on?: string
          project_id?: string
          recorded_by?: string | null
          reference?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "payments_invoice_id_fkey"
            columns: ["invoice_id"]
            isOneToOne: false
            referencedRelation: "invoices"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          address: string | null
          created_at: string
          deleted_at: string | null
          email: string | null
          first_name: string | null
          id: string
          last_name: string | null
          locale: string | null
          organization_id: string | null
          permissions: Json
          phone: string | null
          price_list: Json | null
          role: string
          service_areas: string[]
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          address?: string | null
          created_at?: string
          deleted_at?: string | null
          email?: string | null
          first_name?: string | null
          id: string
          last_name?: string | null
          locale?: string | null
          organization_id?: string | null
          permissions?: Json
          phone?: string | null
          price_list?: Json | null
          role?: string
          service_areas?: string[]
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          address?: string | null
          created_at?: string
          deleted_at?: string | null
          email?: string | null
          first_name?: string | null
          id?: string
          last_name?: string | null
          locale?: string | null
          organization_id?: string | null
          permissions?: Json
          phone?: string | null
          price_list?: Json | null
          role?: string
          service_areas?: string[]
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: []
      }
      project_files: {
        Row: {
          bidder_id: string | null
          created_at: string
          deleted_at: string | null
          file_name: string
          file_path: string
          file_size: number | null
          file_type: string | null
          id: string
          project_id: string
          txid: unknown
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          bidder_id?: string | null
          created_at?: string
          deleted_at?: string | null
          file_name: string
          file_path: string
          file_size?: number | null
          file_type?: string | null
          id?: string
          project_id: string
          txid?: unknown
          updated_at?: string
          user_id: string
          version?: number
        }
        Update: {
          bidder_id?: string | null
          created_at?: string
          deleted_at?: string | null
          file_name?: string
          file_path?: string
          file_size?: number | null
          file_type?: string | null
          id?: string
          project_id?: string
          txid?: unknown
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "project_files_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_members: {
        Row: {
          contact: Json
          created_at: string
          deleted_at: string | null
          display_name: string
          email: string | null
          id: string
          invited_as: string | null
          invited_by: string | null
          may: Json
          project_id: string
          role: string
          txid: unknown
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          contact?: Json
          created_at?: string
          deleted_at?: string | null
          display_name?: string
          email?: string | null
          id?: string
          invited_as?: string | null
          invited_by?: string | null
          may?: Json
          project_id: string
          role: string
          txid?: unknown
          updated_at?: string
          user_id: string
          version?: number
        }
        Update: {
          contact?: Json
          created_at?: string
          deleted_at?: string | null
          display_name?: string
          email?: string | null
          id?: string
          invited_as?: string | null
          invited_by?: string | null
          may?: Json
          project_id?: string
          role?: string
          txid?: unknown
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "project_members_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_signoffs: {
        Row: {
          created_at: string
          deleted_at: string | null
          final_invoice_id: string | null
          id: string
          items: number
          project_id: string
          signed_at: string
          signed_by: string | null
          signed_sha256: string
          signer_name: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          created_at?: string
          deleted_at?: string | null
          final_invoice_id?: string | null
          id?: string
          items?: number
          project_id: string
          signed_at?: string
          signed_by?: string | null
          signed_sha256: string
          signer_name: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          created_at?: string
          deleted_at?: string | null
          final_invoice_id?: string | null
          id?: string
          items?: number
          project_id?: string
          signed_at?: string
          signed_by?: string | null
          signed_sha256?: string
          signer_name?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "project_signoffs_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: true
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      projects: {
        Row: {
          assigned_contractor_id: string | null
          created_at: string
          deleted_at: string | null
          description: string | null
          details: Json
          id: string
          name: string
          owner_user_id: string | null
          status: string
          txid: unknown
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          assigned_contractor_id?: string | null
          created_at?: string
          deleted_at?: string | null
          description?: never
          details?: Json
          id?: string
          name?: string
          owner_user_id?: string | null
          status?: string
          txid?: unknown
          updated_at?: string
          user_id: string
          version?: number
        }
        Update: {
          assigned_contractor_id?: string | null
          created_at?: string
          deleted_at?: string | null
          description?: never
          details?: Json
          id?: string
          name?: string
          owner_user_id?: string | null
          status?: string
          txid?: unknown
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: []
      }
      punch_list_items: {
        Row: {
          created_at: string
          created_by: string | null
          deleted_at: string | null
          done: boolean
          done_at: string | null
          id: string
          item: string
          note: string
          opening_key: string | null
          photo_file_id: string | null
          project_id: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          deleted_at?: string | null
          done?: boolean
          done_at?: string | null
          id?: string
          item: string
          note?: string
          opening_key?: string | null
          photo_file_id?: string | null
          project_id: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          created_at?: string
          created_by?: string | null
          deleted_at?: string | null
          done?: boolean
          done_at?: string | null
          id?: string
          item?: string
          note?: string
          opening_key?: string | null
          photo_file_id?: string | null
          project_id?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "punch_list_items_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      quote_requests: {
        Row: {
          closed_at: string | null
          created_at: string
          description: string
          id: string
          needed_by: string | null
          photo_file_ids: string[]
          photos: Json
          project_id: string
          project_type: string
          scopes: string[]
          status: string
          updated_at: string
          zip: string
        }
        Insert: {
          closed_at?: string | null
          created_at?: string
          description?: string
          id?: string
          needed_by?: string | null
          photo_file_ids?: string[]
          photos?: Json
          project_id: string
          project_type?: string
          scopes?: string[]
          status?: string
          updated_at?: string
          zip: string
        }
        Update: {
          closed_at?: string | null
          created_at?: string
          description?: string
          id?: string
          needed_by?: string | null
          photo_file_ids?: string[]
          photos?: Json
          project_id?: string
          project_type?: string
          scopes?: string[]
          status?: string
          updated_at?: string
          zip?: string
        }
        Relationships: [
          {
            foreignKeyName: "quote_requests_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      quotes: {
        Row: {
          content_sha256: string | null
          contractor_contact: Json
          contractor_id: string
          created_at: string
          currency: string
          decided_at: string | null
          decline_reason: string | null
          deleted_at: string | null
          id: string
          lines: Json
          notes: string
          project_id: string
          request_id: string | null
          request_summary: Json | null
          revision: number
          sent_at: string | null
          signed_at: string | null
          signed_by: string | null
          signed_sha256: string | null
          signer_name: string | null
          status: string
          subtotal_cents: number
          tax_cents: number
          tax_rate: number
          total_cents: number
          txid: unknown
          updated_at: string
          valid_until: string | null
          version: number
        }
        Insert: {
          content_sha256?: string | null
          contractor_contact?: Json
          contractor_id: string
          created_at?: string
          currency?: string
          decided_at?: string | null
          decline_reason?: string | null
          deleted_at?: string | null
          id?: string
          lines?: Json
          notes?: string
          project_id: string
          request_id?: string | null
          request_summary?: Json | null
          revision?: number
          sent_at?: string | null
          signed_at?: string | null
          signed_by?: string | null
          signed_sha256?: string | null
          signer_name?: string | null
          status?: string
          subtotal_cents?: number
          tax_cents?: number
          tax_rate?: number
          total_cents?: number
          txid?: unknown
          updated_at?: string
          valid_until?: string | null
          version?: number
        }
        Update: {
          content_sha256?: string | null
          contractor_contact?: Json
          contractor_id?: string
          created_at?: string
          currency?: string
          decided_at?: string | null
          decline_reason?: string | null
          deleted_at?: string | null
          id?: string
          lines?: Json
          notes?: string
          project_id?: string
          request_id?: string | null
          request_summary?: Json | null
          revision?: number
          sent_at?: string | null
          signed_at?: string | null
          signed_by?: string | null
          signed_sha256?: string | null
          signer_name?: string | null
          status?: string
          subtotal_cents?: number
          tax_cents?: number
          tax_rate?: number
          total_cents?: number
          txid?: unknown
          updated_at?: string
          valid_until?: string | null
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "quotes_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "quotes_request_id_fkey"
            columns: ["request_id"]
            isOneToOne: false
            referencedRelation: "quote_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      reviews: {
        Row: {
          body: string
          contractor_id: string
          created_at: string
          deleted_at: string | null
          id: string
          project_id: string
          rating: number
          replied_at: string | null
          reply: string | null
          reviewer_id: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          body?: string
          contractor_id: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          project_id: string
          rating: number
          replied_at?: string | null
          reply?: string | null
          reviewer_id: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          body?: string
          contractor_id?: string
          created_at?: string
          deleted_at?: string | null
          id?: string
          project_id?: string
          rating?: number
          replied_at?: string | null
          reply?: string | null
          reviewer_id?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "reviews_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: true
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      visits: {
        Row: {
          answered_at: string | null
          chosen_slot: number | null
          contractor_contact: Json
          contractor_id: string
          created_at: string
          created_by: string | null
          crew: string[]
          deleted_at: string | null
          done_at: string | null
          ends_at: string | null
          id: string
          kind: string
          message: string
          project_id: string
          slots: Json
          starts_at: string | null
          status: string
          title: string
          txid: unknown
          updated_at: string
          version: number
        }
        Insert: {
          answered_at?: string | null
          chosen_slot?: number | null
          contractor_contact?: Json
          contractor_id: string
          created_at?: string
          created_by?: string | null
          crew?: string[]
          deleted_at?: string | null
          done_at?: string | null
          ends_at?: string | null
          id?: string
          kind: string
          message?: string
          project_id: string
          slots?: Json
          starts_at?: string | null
          status?: string
          title?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Update: {
          answered_at?: string | null
          chosen_slot?: number | null
          contractor_contact?: Json
          contractor_id?: string
          created_at?: string
          created_by?: string | null
          crew?: string[]
          deleted_at?: string | null
          done_at?: string | null
          ends_at?: string | null
          id?: string
          kind?: string
          message?: string
          project_id?: string
          slots?: Json
          starts_at?: string | null
          status?: string
          title?: string
          txid?: unknown
          updated_at?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "visits_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_project_invite: { Args: { p_token: string }; Returns: Json }
      accept_quote: {
        Args: {
          p_content_sha256: string
          p_quote_id: string
          p_signer_name: string
        }
        Returns: Json
      }
      applied_migrations: { Args: never; Returns: string[] }
      approve_change_order: {
        Args: {
          p_change_order_id: string
          p_content_sha256: string
          p_signer_name: string
        }
        Returns: Json
      }
      assign_project: {
        Args: { p_contractor_id: string; p_project_id: string }
        Returns: undefined
      }
      calendar_feed_issue: { Args: never; Returns: Json }
      calendar_feed_revoke: { Args: never; Returns: Json }
      calendar_feed_status: { Args: never; Returns: Json }
      create_org_invite: {
        Args: { p_email: string; p_token_hash: string }
        Returns: Json
      }
      create_project_invite: {
        Args: {
          p_email: string
          p_project_id: string
          p_role: string
          p_token_hash: string
        }
        Returns: Json
      }
      contractor_reviews: {
        Args: { p_contractor_ids: string[] }
        Returns: {
          id: string
          contractor_id: string
          rating: number
          body: string
          reply: string | null
          replied_at: string | null
          created_at: string
          updated_at: string
          reviewer_name: string
        }[]
      }
      decline_change_order: {
        Args: { p_change_order_id: string; p_reason: string }
        Returns: Json
      }
      decline_quote: {
        Args: { p_quote_id: string; p_reason?: string }
        Returns: Json
      }
      delete_my_account: { Args: never; Returns: undefined }
      door_order_mail_prepare: { Args: { p_order_id: string }; Returns: Json }
      door_order_mailed: {
        Args: { p_order_id: string }
        Returns: {
          maker_email: string
          maker_name: string
          po_number: string
          project_name: string
          parts: number
          note: string
        }[]
      }
      invoice_by_token: { Args: { p_token: string }; Returns: Json }
      job_analytics: { Args: never; Returns: Json }
      mark_messages_read: {
        Args: { p_project_id: string; p_up_to: string }
        Returns: Json
      }
      my_account_storage_paths: { Args: never; Returns: string[] }
      org_contractors: { Args: never; Returns: Json }
      org_invites_of: { Args: never; Returns: Json }
      project_invites_of: { Args: { p_project_id: string }; Returns: Json }
      project_money: { Args: { p_project_id: string }; Returns: Json }
      pull_changes: {
        Args: {
          p_after_id?: string
          p_cursor?: string
          p_limit?: number
          p_table: string
        }
        Returns: Json
      }
      push_changes: { Args: { p_ops: Json }; Returns: Json }
      quote_analytics: { Args: { p_from: string; p_to: string }; Returns: Json }
      quote_document_locale: { Args: { p_quote_id: string }; Returns: string | null }
      remove_org_member: { Args: { p_user_id: string }; Returns: undefined }
      remove_project_member: {
        Args: { p_project_id: string; p_user_id: string }
        Returns: undefined
      }
      revoke_project_invite: {
        Args: { p_invite_id: string }
        Returns: undefined
      }
      sign_off_project: {
        Args: { p_items: Json; p_project_id: string; p_signer_name: string }
        Returns: Json
      }
      team_review_stats: {
        Args: { p_from: string; p_to: string }
        Returns: Json
      }
      withdraw_quote: { Args: { p_quote_id: string }; Returns: Json }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
