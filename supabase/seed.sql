-- Demo data for a brand-new local backend (and `supabase db reset`): two
-- email-confirmed accounts and a few projects, one a real kitchen job with
-- measurements. Logins: homeowner@example.com / demo-homeowner,
-- contractor@example.com / demo-contractor. Profiles come from the signup
-- trigger (role and permissions computed on the server). Safe to run twice.
-- The local backend prints the lines below at start-up:
-- demo-login: contractor@example.com / demo-contractor (contractor, has a measured kitchen job)
-- demo-login: homeowner@example.com / demo-homeowner (homeowner)

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
