-- Demo data for a brand-new local backend (and `supabase db reset`): two
-- email-confirmed accounts and a few projects, one a real kitchen job with
-- measurements, and a quote request with two quotes. Logins:
-- homeowner@example.com / demo-homeowner, contractor@example.com /
-- demo-contractor, contractor2@example.com / demo-contractor2, admin@example.com /
-- demo-admin (an organization admin whose team is the two contractors). Profiles come from the signup
-- trigger (role and permissions computed on the server). Safe to run twice.
-- The local backend prints the lines below at start-up:
-- demo-login: contractor@example.com / demo-contractor (contractor, has a measured kitchen job)
-- demo-login: homeowner@example.com / demo-homeowner (homeowner)
-- demo-login: contractor2@example.com / demo-contractor2 (contractor in the same area, has quoted the homeowner's kitchen)
-- demo-login: admin@example.com / demo-admin (organization admin: both contractors on her team, Analytics has figures)

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change, email_change_token_new,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', '11111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated',
   'homeowner@example.com', crypt('demo-homeowner', gen_salt('bf')), now(), '', '', '', '',
   '{"provider":"email","providers":["email"]}',
   '{"role":"homeowner","first_name":"Hannah","last_name":"Owens","phone":"(555) 123-4567","address":"25 Maple Street, Springfield, IL 62701"}',
   now() - interval '30 days', now() - interval '30 days'),
  ('00000000-0000-0000-0000-000000000000', '22222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated',
   'contractor@example.com', crypt('demo-contractor', gen_salt('bf')), now(), '', '', '', '',
   '{"provider":"email","providers":["email"]}',
   '{"role":"contractor","first_name":"Carlos","last_name":"Mendez","phone":"(555) 987-6543","address":"900 Industrial Pkwy, Springfield, IL 62703"}',
   now() - interval '60 days', now() - interval '60 days')
on conflict (id) do nothing;

-- The signup trigger made the profiles; make sure phone and address are there.
update public.profiles set phone = '(555) 123-4567', address = '25 Maple Street, Springfield, IL 62701'
where id = '11111111-1111-4111-8111-111111111111' and phone is null;
update public.profiles set phone = '(555) 987-6543', address = '900 Industrial Pkwy, Springfield, IL 62703'
where id = '22222222-2222-4222-8222-222222222222' and phone is null;

-- Homeowner: two own projects (homeowner-created projects default to active).
insert into public.projects (id, name, status, details, user_id, owner_user_id, created_at, updated_at) values
  ('a1111111-0000-4000-8000-000000000001', 'Kitchen refresh', 'active', '{
  "description": "Reface the kitchen cabinets; keep the existing boxes and hardware.",
  "projectType": "kitchen",
  "email": "homeowner@example.com",
  "phone": "(555) 123-4567",
  "address": "25 Maple Street, Springfield, IL 62701"
}'::jsonb,
   '11111111-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111111',
   now() - interval '12 days', now() - interval '2 days'),
  ('a1111111-0000-4000-8000-000000000002', 'Garage cabinets', 'active', '{
  "description": "Garage storage cabinets: new doors to match the house trim.",
  "projectType": "garage",
  "email": "homeowner@example.com",
  "phone": "(555) 123-4567",
  "address": "25 Maple Street, Springfield, IL 62701"
}'::jsonb,
   '11111111-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111111',
   now() - interval '5 days', now() - interval '5 days')
on conflict (id) do nothing;

-- Contractor: three client projects across statuses; the first is a measured kitchen.
insert into public.projects (id, name, status, details, user_id, assigned_contractor_id, created_at, updated_at) values
  ('a2222222-0000-4000-8000-000000000001', 'Maria Alvarez', 'active', '{
  "description": "Full kitchen reface: 12 cabinets, Shaker doors and slab drawer fronts in white, full overlay.",
  "projectType": "kitchen",
  "email": "maria.alvarez@example.com",
  "phone": "(555) 201-4478",
  "address": "418 Birchwood Ln, Springfield, IL 62704",
  "projectScopes": [
    "kitchen"
  ],
  "budget": "25k-50k",
  "cabinetData": {
    "form": {
      "nrs": "",
      "door": "Shaker",
      "drawerFront": "Slab",
      "color": "White",
      "overlaySelect": "fol",
      "stdOption": 1.5,
      "olSize": 1.25,
      "sideReveal": 0.25,
      "verticalReveal": 0.25,
      "vertRevealOverride": false
    },
    "stileRail": {
      "leftStile": 1.5,
      "rightStile": 1.5,
      "midStile": 3,
      "topRail": 1.5,
      "botRail": 1.5,
      "midRail1": 1.5,
      "midRail2": 1.5,
      "midRail3": 1.5
    },
    "cabinetRows": [
      {
        "id": 1,
        "type": "Base 2/1"
      },
      {
        "id": 2,
        "type": "Base 1/1"
      },
      {
        "id": 3,
        "type": "Kite DB 0/3"
      },
      {
        "id": 4,
        "type": "Base 2/1"
      },
      {
        "id": 5,
        "type": "Base 1/1"
      },
      {
        "id": 6,
        "type": "Wall"
      },
      {
        "id": 7,
        "type": "Wall"
      },
      {
        "id": 8,
        "type": "Wall"
      },
      {
        "id": 9,
        "type": "Base Full Ht 2/0"
      },
      {
        "id": 10,
        "type": "Pantry 2/0"
      },
      {
        "id": 11,
        "type": "L/S 2/0"
      },
      {
        "id": 12,
        "type": "Desk/Lap Draw 0/1"
      }
    ],
    "itemState": {
      "1_0": {
        "width": "15.25",
        "height": "20.5",
        "nextToWall": true,
        "splitDoor": false,
        "type": "Door"
      },
      "1_1": {
        "width": "15.25",
        "height": "20.5",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "1_2": {
        "width": "31",
        "height": "5.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "2_0": {
        "width": "14.75",
        "height": "20.5",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "2_1": {
        "width": "14.75",
        "height": "5.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "3_0": {
        "width": "17.5",
        "height": "5.75",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "3_1": {
        "width": "17.5",
        "height": "8.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "3_2": {
        "width": "17.5",
        "height": "10.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "4_0": {
        "width": "13.75",
        "height": "20.5",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "4_1": {
        "width": "13.75",
        "height": "20.5",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "4_2": {
        "width": "28",
        "height": "5.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "5_0": {
        "width": "11.5",
        "height": "20.5",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "5_1": {
        "width": "11.5",
        "height": "5.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      },
      "6_0": {
        "width": "14.25",
        "height": "29.75",
        "nextToWall": true,
        "splitDoor": false,
        "type": "Door"
      },
      "7_0": {
        "width": "14.25",
        "height": "29.75",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "8_0": {
        "width": "12.5",
        "height": "29.75",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "9_0": {
        "width": "15.5",
        "height": "27.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "9_1": {
        "width": "15.5",
        "height": "27.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "10_0": {
        "width": "20.75",
        "height": "48.5",
        "nextToWall": true,
        "splitDoor": false,
        "type": "Pantry Top Dr"
      },
      "10_1": {
        "width": "20.75",
        "height": "30.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Pantry Bott Dr"
      },
      "11_0": {
        "width": "11.75",
        "height": "20.5",
        "nextToWall": true,
        "splitDoor": false,
        "type": "Door"
      },
      "11_1": {
        "width": "11.75",
        "height": "20.5",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Door"
      },
      "12_0": {
        "width": "22.5",
        "height": "4.25",
        "nextToWall": false,
        "splitDoor": false,
        "type": "Front"
      }
    },
    "notes": "Measured on site. Sink base (row 1) left door is next to the dishwasher panel; pantry against the wall.",
    "showNotes": true
  }
}'::jsonb,
   '22222222-2222-4222-8222-222222222222', '22222222-2222-4222-8222-222222222222',
   now() - interval '9 days', now() - interval '1 day'),
  ('a2222222-0000-4000-8000-000000000002', 'David Kim', 'draft', '{
  "description": "Two vanities in the primary bath; customer wants a quote before committing.",
  "projectType": "bathroom",
  "email": "dkim@example.com",
  "phone": "(555) 339-0182",
  "address": "77 Harbor View Dr, Springfield, IL 62702",
  "projectScopes": [
    "bathroom"
  ],
  "budget": "under-10k"
}'::jsonb,
   '22222222-2222-4222-8222-222222222222', '22222222-2222-4222-8222-222222222222',
   now() - interval '3 days', now() - interval '3 days'),
  ('a2222222-0000-4000-8000-000000000003', 'Lakeside Dental', 'completed', '{
  "description": "Reception desk and break-room cabinets, finished last month.",
  "projectType": "commercial",
  "email": "office@lakesidedental.example.com",
  "phone": "(555) 740-2210",
  "address": "1200 Lakeside Blvd Suite 4, Springfield, IL 62711",
  "projectScopes": [
    "commercial",
    "kitchen"
  ],
  "budget": "custom",
  "customBudget": "$18,500 approved by the office manager"
}'::jsonb,
   '22222222-2222-4222-8222-222222222222', '22222222-2222-4222-8222-222222222222',
   now() - interval '45 days', now() - interval '20 days')
on conflict (id) do nothing;

-- Quotes: a second contractor in the same area (Springfield, IL 627xx), the
-- homeowner's kitchen opened for quotes, and one sent quote from each
-- contractor, so the comparison and acceptance can be tried at once.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change, email_change_token_new,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', '33333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated',
   'contractor2@example.com', crypt('demo-contractor2', gen_salt('bf')), now(), '', '', '', '',
   '{"provider":"email","providers":["email"]}',
   '{"role":"contractor","first_name":"Nina","last_name":"Park","phone":"(555) 444-2020","address":"15 Mill Road, Springfield, IL 62702"}',
   now() - interval '40 days', now() - interval '40 days')
on conflict (id) do nothing;

update public.profiles set service_areas = '{627}'
where id = '22222222-2222-4222-8222-222222222222' and service_areas = '{}';
update public.profiles set service_areas = '{62701,62702,62704}',
  phone = coalesce(phone, '(555) 444-2020'), address = coalesce(address, '15 Mill Road, Springfield, IL 62702'),
  price_list = coalesce(price_list, '{"currency":"USD","doorPerSqFt":21,"drawerFrontPerSqFt":16,"minDoorSqFt":1.5,"minDrawerFrontSqFt":0.5,"perHinge":5.25,"company":"Park Cabinet Co."}'::jsonb)
where id = '33333333-3333-4333-8333-333333333333';

-- (Each insert selects only rows not there yet: the row triggers check a
-- request or quote before any ON CONFLICT, and a second run must not trip them.)
insert into public.quote_requests (id, project_id, project_type, scopes, description, zip, needed_by, created_at, updated_at)
select 'c1111111-0000-4000-8000-000000000001'::uuid, 'a1111111-0000-4000-8000-000000000001'::uuid, 'kitchen', '{kitchen}'::text[],
  'Reface 12 kitchen cabinets: white Shaker doors, slab drawer fronts, soft-close hinges. Boxes and hardware stay.',
  '62701', current_date + 45, now() - interval '6 days', now() - interval '6 days'
where not exists (select 1 from public.quote_requests r
                  where r.id = 'c1111111-0000-4000-8000-000000000001'
                     or r.project_id = 'a1111111-0000-4000-8000-000000000001');

insert into public.quotes (id, project_id, contractor_id, request_id, revision, status, lines, tax_rate, valid_until, notes, sent_at, created_at, updated_at)
select v.* from (values
  ('d2222222-0000-4000-8000-000000000001'::uuid, 'a1111111-0000-4000-8000-000000000001'::uuid, '22222222-2222-4222-8222-222222222222'::uuid,
   'c1111111-0000-4000-8000-000000000001'::uuid, 1, 'sent', '[
    {"kind": "door", "description": "Shaker doors, white, about 14 1/2\" x 30\"", "quantity": 16, "unit_cents": 1850, "sqft": 3.0208},
    {"kind": "drawerFront", "description": "Slab drawer fronts, white, about 14 1/2\" x 6 1/4\"", "quantity": 6, "unit_cents": 1400, "sqft": 0.6293},
    {"kind": "hinge", "description": "Soft-close hinges, with boring", "quantity": 32, "unit_cents": 450},
    {"kind": "labor", "description": "Installation, per door and drawer front", "quantity": 22, "unit_cents": 2500},
    {"kind": "removal", "description": "Remove and haul away the old doors", "quantity": 1, "unit_cents": 15000}
  ]'::jsonb, 8.25, current_date + 30, 'Price from the measured openings; final sizes confirmed on site.',
   now() - interval '4 days', now() - interval '5 days', now() - interval '4 days'),
  ('d3333333-0000-4000-8000-000000000001', 'a1111111-0000-4000-8000-000000000001', '33333333-3333-4333-8333-333333333333',
   'c1111111-0000-4000-8000-000000000001', 1, 'sent', '[
    {"kind": "door", "description": "Shaker doors, white", "quantity": 16, "unit_cents": 2100, "sqft": 3.0208},
    {"kind": "drawerFront", "description": "Slab drawer fronts, white", "quantity": 6, "unit_cents": 1600, "sqft": 0.6293},
    {"kind": "hinge", "description": "Soft-close hinges, with boring", "quantity": 32, "unit_cents": 525},
    {"kind": "labor", "description": "Installation", "quantity": 1, "unit_cents": 48000},
    {"kind": "delivery", "description": "Delivery", "quantity": 1, "unit_cents": 7500}
  ]'::jsonb, 8.25, current_date + 21, 'Includes one site visit to confirm sizes.',
   now() - interval '2 days', now() - interval '3 days', now() - interval '2 days')
) v(id, project_id, contractor_id, request_id, revision, status, lines, tax_rate, valid_until, notes, sent_at, created_at, updated_at)
where not exists (select 1 from public.quotes q
                  where q.project_id = v.project_id and (q.contractor_id = v.contractor_id or q.status = 'accepted'))
  and exists (select 1 from public.quote_requests r where r.id = v.request_id);

-- The organization: an admin whose team is the two demo contractors, two
-- jobs she assigned (one to each), and a decided quote pair on the
-- homeowner's laundry room (one accepted, one declined), so Organization →
-- Analytics shows quotes sent, won and lost, and People, on a fresh start.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change, email_change_token_new,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', '44444444-4444-4444-8444-444444444444', 'authenticated', 'authenticated',
   'admin@example.com', crypt('demo-admin', gen_salt('bf')), now(), '', '', '', '',
   '{"provider":"email","providers":["email"]}',
   '{"role":"org_admin","first_name":"Olivia","last_name":"Grant","phone":"(555) 300-1000","address":"1 Main Street, Springfield, IL 62701"}',
   now() - interval '90 days', now() - interval '90 days')
on conflict (id) do nothing;

update public.profiles set phone = coalesce(phone, '(555) 300-1000'),
  address = coalesce(address, '1 Main Street, Springfield, IL 62701')
where id = '44444444-4444-4444-8444-444444444444';

update public.profiles c set organization_id = a.organization_id
  from public.profiles a
 where a.id = '44444444-4444-4444-8444-444444444444' and a.organization_id is not null
   and c.id in ('22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333')
   and c.organization_id is null;

insert into public.projects (id, name, status, details, user_id, assigned_contractor_id, created_at, updated_at) values
  ('a4444444-0000-4000-8000-000000000001', 'Dr. Patel''s office', 'active', '{
  "description": "Break room cabinets: 8 doors and 4 drawer fronts, walnut veneer.",
  "projectType": "commercial",
  "email": "office@patel-dental.example",
  "phone": "(555) 610-2200",
  "address": "400 Oak Avenue, Springfield, IL 62704",
  "projectScopes": ["commercial"]
}'::jsonb,
   '44444444-4444-4444-8444-444444444444', '22222222-2222-4222-8222-222222222222',
   now() - interval '25 days', now() - interval '3 days'),
  ('a4444444-0000-4000-8000-000000000002', 'Nguyen bathroom', 'draft', '{
  "description": "Two bathroom vanities, shaker doors in sage green.",
  "projectType": "bathroom",
  "email": "t.nguyen@example.com",
  "phone": "(555) 720-3311",
  "address": "88 Elm Court, Springfield, IL 62702",
  "projectScopes": ["bathroom"]
}'::jsonb,
   '44444444-4444-4444-8444-444444444444', '33333333-3333-4333-8333-333333333333',
   now() - interval '10 days', now() - interval '10 days')
on conflict (id) do nothing;

-- The laundry room: a closed request, both contractors quoted, the homeowner accepted Carlos's.
insert into public.projects (id, name, status, details, user_id, owner_user_id, created_at, updated_at) values
  ('a1111111-0000-4000-8000-000000000003', 'Laundry room', 'active', '{
  "description": "Six laundry room cabinet doors, painted to match the trim.",
  "projectType": "custom",
  "email": "homeowner@example.com",
  "phone": "(555) 123-4567",
  "address": "25 Maple Street, Springfield, IL 62701"
}'::jsonb,
   '11111111-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111111',
   now() - interval '45 days', now() - interval '30 days')
on conflict (id) do nothing;

insert into public.quote_requests (id, project_id, project_type, scopes, description, zip, created_at, updated_at)
select 'c1111111-0000-4000-8000-000000000002'::uuid, 'a1111111-0000-4000-8000-000000000003'::uuid, 'custom', '{}'::text[],
  'Six laundry room cabinet doors, painted to match the trim.', '62701', now() - interval '40 days', now() - interval '40 days'
where not exists (select 1 from public.quote_requests r
                  where r.id = 'c1111111-0000-4000-8000-000000000002'
                     or r.project_id = 'a1111111-0000-4000-8000-000000000003');

insert into public.quotes (id, project_id, contractor_id, request_id, revision, status, lines, tax_rate, valid_until, notes, sent_at, created_at, updated_at)
select v.* from (values
  ('d2222222-0000-4000-8000-000000000002'::uuid, 'a1111111-0000-4000-8000-000000000003'::uuid, '22222222-2222-4222-8222-222222222222'::uuid,
   'c1111111-0000-4000-8000-000000000002'::uuid, 1, 'sent', '[
    {"kind": "door", "description": "Painted doors, trim color", "quantity": 6, "unit_cents": 1700, "sqft": 4.5},
    {"kind": "hinge", "description": "Hinges, with boring", "quantity": 12, "unit_cents": 450},
    {"kind": "labor", "description": "Installation, per door", "quantity": 6, "unit_cents": 2500}
  ]'::jsonb, 8.25, current_date + 30, 'Doors painted to match the trim sample.',
   now() - interval '35 days', now() - interval '36 days', now() - interval '35 days'),
  ('d3333333-0000-4000-8000-000000000002', 'a1111111-0000-4000-8000-000000000003', '33333333-3333-4333-8333-333333333333',
   'c1111111-0000-4000-8000-000000000002', 1, 'sent', '[
    {"kind": "door", "description": "Painted doors", "quantity": 6, "unit_cents": 2000, "sqft": 4.5},
    {"kind": "hinge", "description": "Hinges, with boring", "quantity": 12, "unit_cents": 525},
    {"kind": "labor", "description": "Installation", "quantity": 1, "unit_cents": 18000}
  ]'::jsonb, 8.25, current_date + 30, 'Includes a site visit.',
   now() - interval '34 days', now() - interval '35 days', now() - interval '34 days')
) v(id, project_id, contractor_id, request_id, revision, status, lines, tax_rate, valid_until, notes, sent_at, created_at, updated_at)
where not exists (select 1 from public.quotes q where q.project_id = v.project_id and q.contractor_id = v.contractor_id)
  and exists (select 1 from public.quote_requests r where r.id = v.request_id and r.status = 'open');

-- Decided as accept_quote decides: signed at the hash stored when sent.
update public.quotes q
   set status = 'accepted', decided_at = now() - interval '30 days', signer_name = 'Hannah Owens',
       signed_by = '11111111-1111-4111-8111-111111111111', signed_at = now() - interval '30 days',
       signed_sha256 = q.content_sha256
 where q.id = 'd2222222-0000-4000-8000-000000000002' and q.status = 'sent';
update public.quotes q
   set status = 'declined', decided_at = now() - interval '30 days', decline_reason = 'Another quote was accepted'
 where q.id = 'd3333333-0000-4000-8000-000000000002' and q.status = 'sent';
update public.projects set assigned_contractor_id = '22222222-2222-4222-8222-222222222222'
 where id = 'a1111111-0000-4000-8000-000000000003' and assigned_contractor_id is null;
insert into public.project_members (project_id, user_id, role, email)
select 'a1111111-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222', 'contractor', 'contractor@example.com'
where not exists (select 1 from public.project_members m
                  where m.project_id = 'a1111111-0000-4000-8000-000000000003'
                    and m.user_id = '22222222-2222-4222-8222-222222222222');
update public.quote_requests set status = 'closed'
 where id = 'c1111111-0000-4000-8000-000000000002' and status = 'open';
