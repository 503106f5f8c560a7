"""The demo catalog of an Andhra grocery that `manage.py seed_demo` loads.

One line per product: `Product name | Brand: size MRP, size MRP | Brand: size MRP`. A size is a
number and a unit (g, kg, ml, L, pcs, pack). Selling prices and stock are derived from the names
(see `pack_offer`), so every run produces the same catalog.
"""

import re
import zlib
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

from catalog.pricing import dprice_for_discount
from common.money import to_paise

from .telugu import BLURBS_TE, PRODUCT_NAMES_TE

# Spec section 2, "Home": the Featured Categories, in this sequence.
CATEGORIES = [
    "BATH & BODY",
    "BISCUITS & CHOCOLATES",
    "CLEANING ESSENTIALS",
    "DAILY NEEDS",
    "DRYFRUITS",
    "FEMININE HYGIENE",
    "FLOURS",
    "FOOD ADDITIVES",
    "GROOMING",
    "HAIR CARE",
    "HEALTH & WELLNESS",
    "HOME NEEDS",
    "NUTRITIONAL MILK MIXERS",
    "OILS",
    "ORAL CARE",
    "POOJA NEEDS",
    "RICE & PULSES",
    "SKIN CARE",
    "SNACKS & BREAKFAST",
    "SPICES & MASALAS",
    "TEA & COFFEE",
    "BUDGET FRIENDLY PACKAGES",
    "EGGS & DAIRY",
]

BLURBS = {
    "BATH & BODY": "Everyday bath and body care for the whole family.",
    "BISCUITS & CHOCOLATES": "Fresh stock for tea time, tiffin boxes and guests.",
    "CLEANING ESSENTIALS": "Keeps clothes, dishes and floors clean.",
    "DAILY NEEDS": "Kitchen staples you reach for every day.",
    "DRYFRUITS": "Handpicked, crunchy and sealed for freshness.",
    "FEMININE HYGIENE": "Comfortable, reliable protection.",
    "FLOURS": "Finely milled for soft rotis, crisp dosas and sweets.",
    "FOOD ADDITIVES": "For baking, desserts and the finishing touch.",
    "GROOMING": "Daily grooming essentials.",
    "HAIR CARE": "Nourishing care for strong, shiny hair.",
    "HEALTH & WELLNESS": "Trusted remedies and wellness staples for the home.",
    "HOME NEEDS": "Useful things every home runs out of.",
    "NUTRITIONAL MILK MIXERS": "Mix with milk for a tasty, nourishing drink.",
    "OILS": "Cooking oils for everyday Andhra meals.",
    "ORAL CARE": "For healthy teeth and fresh breath.",
    "POOJA NEEDS": "Everything for the daily pooja and festivals.",
    "RICE & PULSES": "Cleaned, sorted and packed for everyday Andhra cooking.",
    "SKIN CARE": "Gentle care for skin in the coastal heat.",
    "SNACKS & BREAKFAST": "Quick breakfasts and evening snacks.",
    "SPICES & MASALAS": "Authentic taste for curries, pappu and pickles.",
    "TEA & COFFEE": "Strong chai and South Indian filter coffee.",
    "BUDGET FRIENDLY PACKAGES": "A money-saving bundle packed by our store.",
    "EGGS & DAIRY": "Fresh from local dairies and farms, delivered within 24 hours.",
}

PRODUCTS = {
    "BATH & BODY": """
        Bathing Soap | Santoor: 100g 42, 150g 62 | Lux: 100g 40, 150g 58 | Lifebuoy: 100g 36, 125g 45
        Sandal Soap | Mysore Sandal: 75g 55, 125g 90
        Ayurvedic Soap | Medimix: 75g 40, 125g 62 | Patanjali: 75g 30
        Glycerine Soap | Pears: 75g 58, 125g 92
        Body Wash | Dove: 250ml 275, 500ml 499 | Nivea: 250ml 260
        Hand Wash | Dettol: 200ml 99, 750ml 199 | Lifebuoy: 190ml 89, 750ml 185
        Talcum Powder | Ponds: 100g 140, 400g 399 | Cinthol: 100g 95
        Body Lotion | Vaseline: 200ml 245, 400ml 425 | Nivea: 200ml 249
        Petroleum Jelly | Vaseline: 42ml 65, 85ml 110
    """,
    "BISCUITS & CHOCOLATES": """
        Glucose Biscuits | Parle-G: 80g 10, 250g 30, 800g 90 | Britannia Tiger: 100g 10
        Marie Biscuits | Britannia: 250g 40 | Sunfeast: 250g 35
        Bourbon Cream Biscuits | Britannia: 150g 35 | Sunfeast Dark Fantasy: 150g 40
        Salted Crackers | Britannia 50-50: 150g 30 | Parle Monaco: 150g 30
        Butter Cookies | Britannia Good Day: 200g 50 | Unibic: 150g 45
        Milk Rusk | Britannia: 300g 60 | Parle: 300g 55
        Digestive Biscuits | McVities: 250g 60, 1kg 210
        Milk Chocolate | Cadbury Dairy Milk: 52g 50, 110g 100 | Amul: 150g 160
        Chocolate Wafer | Nestle KitKat: 37g 30, 4pcs 110
    """,
    "CLEANING ESSENTIALS": """
        Detergent Powder | Surf Excel: 500g 75, 1kg 145, 4kg 560 | Ariel: 1kg 225 | Tide: 1kg 130
        Detergent Bar | Rin: 250g 30 | Surf Excel: 250g 38 | Wheel: 250g 20
        Dishwash Bar | Vim: 300g 30 | Exo: 300g 32
        Dishwash Liquid | Vim: 250ml 55, 750ml 160 | Pril: 425ml 110
        Floor Cleaner | Lizol: 500ml 119, 975ml 219
        Toilet Cleaner | Harpic: 500ml 99, 1L 189 | Domex: 500ml 85
        Liquid Detergent | Surf Excel Matic: 1L 235, 2L 430 | Ariel Matic: 1L 245
        Phenyl | Sanifresh: 1L 95
    """,
    "DAILY NEEDS": """
        Iodised Salt | Tata Salt: 1kg 28 | Aashirvaad: 1kg 25 | Annapurna: 1kg 22
        Sugar | Madhur: 1kg 60, 5kg 285 | Uttam: 1kg 55
        Jaggery | Organic Tattva: 500g 95 | Dhampure: 500g 85, 1kg 160
        Tamarind | Sri Sai: 500g 90, 1kg 170 | Double Horse: 250g 55
        Vermicelli | Bambino: 400g 45, 900g 95 | MTR: 440g 58
        Papad | Lijjat: 200g 60 | Priya: 200g 55
        Groundnuts | Tata Sampann: 500g 95 | Sri Sai: 500g 85, 1kg 165
        Matchbox | Ship: 10pcs 20
    """,
    "DRYFRUITS": """
        Cashew Nuts | Happilo: 200g 260, 500g 620 | Nutraj: 250g 310
        Almonds | Happilo: 200g 250, 500g 580 | Nutraj: 500g 560
        Raisins | Nutraj: 200g 120 | Happilo: 250g 150
        Dates | Lion: 500g 160, 1kg 299
        Pistachios | Happilo: 200g 380
        Walnuts | Nutraj: 250g 450
    """,
    "FEMININE HYGIENE": """
        Sanitary Pads | Whisper: 7pcs 45, 15pcs 199 | Stayfree: 7pcs 40, 20pcs 140 | Sofy: 10pcs 110
        Panty Liners | Whisper: 20pcs 90 | Carefree: 20pcs 85
        Menstrual Cup | Sirona: 1pcs 399
        Intimate Wash | VWash: 100ml 190, 200ml 325
        Sanitary Pads XL | Whisper: 15pcs 210 | Stayfree: 18pcs 175
    """,
    "FLOURS": """
        Chakki Atta | Aashirvaad: 1kg 62, 5kg 285, 10kg 545 | Pillsbury: 5kg 270 | Fortune: 5kg 265
        Bombay Ravva | Laxmi: 500g 30, 1kg 58 | Annapurna: 1kg 55
        Idli Ravva | Laxmi: 1kg 60 | Aashirvaad: 1kg 66
        Maida | Annapurna: 500g 28, 1kg 52 | Rajdhani: 1kg 55
        Besan | Tata Sampann: 500g 65, 1kg 125 | Rajdhani: 500g 62
        Rice Flour | Double Horse: 500g 35, 1kg 65 | Aachi: 500g 38
        Ragi Flour | 24 Mantra Organic: 500g 65 | Manna: 500g 55
        Multigrain Atta | Aashirvaad: 1kg 75, 5kg 330
    """,
    "FOOD ADDITIVES": """
        Baking Soda | Weikfield: 100g 25 | Blue Bird: 100g 22
        Baking Powder | Weikfield: 100g 45 | Blue Bird: 100g 40
        Custard Powder | Weikfield: 100g 55 | Brown & Polson: 100g 60
        Corn Flour | Weikfield: 100g 30 | Brown & Polson: 100g 32
        Food Colour | Bush: 20g 40
        Vinegar | Weikfield: 610ml 70 | Tops: 650ml 65
        Tomato Ketchup | Kissan: 500g 95, 950g 150 | Maggi: 500g 110
    """,
    "GROOMING": """
        Shaving Cream | Gillette: 93g 105 | Old Spice: 70g 85
        Shaving Razor | Gillette Guard: 1pcs 35 | Gillette Mach3: 1pcs 250
        Shaving Blades | Gillette 7 O'Clock: 5pcs 75, 10pcs 140 | Topaz: 5pcs 30
        Deodorant | Fogg: 150ml 250 | Park Avenue: 150ml 210 | Axe: 150ml 260
        Beard Oil | Beardo: 30ml 349 | Ustraa: 35ml 299
        Aftershave Lotion | Old Spice: 50ml 155, 100ml 250
    """,
    "HAIR CARE": """
        Coconut Hair Oil | Parachute: 100ml 52, 200ml 95, 500ml 220 | Nihar: 200ml 85
        Shampoo | Clinic Plus: 175ml 110, 340ml 210 | Sunsilk: 180ml 140, 340ml 260 | Head & Shoulders: 180ml 199
        Anti Hairfall Shampoo | Pantene: 180ml 199, 340ml 370 | Dove: 180ml 190
        Hair Conditioner | Dove: 180ml 215 | Pantene: 180ml 220
        Amla Hair Oil | Dabur: 100ml 58, 275ml 145
        Almond Hair Oil | Bajaj Almond Drops: 100ml 82, 300ml 220
        Hair Colour | Godrej Expert: 1pack 36 | Garnier Color Naturals: 1pack 199
    """,
    "HEALTH & WELLNESS": """
        Chyawanprash | Dabur: 500g 235, 1kg 399 | Patanjali: 500g 190, 1kg 360
        Honey | Dabur: 250g 125, 500g 230, 1kg 399 | Patanjali: 500g 175 | Saffola: 500g 199
        Glucose Powder | Glucon-D: 500g 130, 1kg 245
        Pain Relief Balm | Amrutanjan: 9ml 45, 27ml 110 | Zandu: 8ml 40
        Antiseptic Liquid | Dettol: 125ml 72, 250ml 135, 550ml 245 | Savlon: 200ml 100
        ORS Powder | Electral: 21g 22
        Digestive Tablets | Hajmola: 120pcs 60
        Isabgol | Sat Isabgol: 100g 150
    """,
    "HOME NEEDS": """
        Mosquito Repellent Refill | Good Knight: 45ml 89 | All Out: 45ml 85
        Mosquito Coil | Mortein: 10pcs 42 | Tortoise: 10pcs 40
        Aluminium Foil | Freshwrapp: 1pack 110
        Garbage Bags | Ezee: 30pcs 99 | Shalimar: 30pcs 90
        Scrub Pad | Scotch-Brite: 1pcs 20, 3pcs 50
        Air Freshener | Odonil: 50g 55 | Godrej Aer: 240ml 225
        AA Batteries | Duracell: 2pcs 70, 4pcs 140 | Eveready: 2pcs 40
    """,
    "NUTRITIONAL MILK MIXERS": """
        Health Drink | Horlicks: 500g 260, 1kg 490 | Boost: 500g 250 | Bournvita: 500g 245, 1kg 450
        Protein Powder | Protinex: 250g 650 | Ensure: 400g 720
        Growth Drink | Complan: 500g 289 | PediaSure: 400g 699
        Badam Drink Mix | MTR: 200g 150, 500g 340
        Ragi Malt | Manna: 500g 165 | Sakthi: 500g 150
    """,
    "OILS": """
        Sunflower Oil | Freedom: 1L 165, 5L 780 | Gold Drop: 1L 168, 5L 790 | Fortune: 1L 170, 5L 810
        Groundnut Oil | Fortune: 1L 210, 5L 1000 | Gold Drop: 1L 205 | Dhara: 1L 200
        Gingelly Oil | Idhayam: 500ml 210, 1L 400 | Gold Winner: 1L 380
        Rice Bran Oil | Fortune: 1L 175 | Emami: 1L 180
        Mustard Oil | Fortune: 1L 190 | Dhara: 1L 185
        Palmolein Oil | Ruchi Gold: 1L 120 | Freedom: 1L 125
        Coconut Oil | KLF Coconad: 500ml 190, 1L 360 | Parachute: 500ml 210
        Cold Pressed Groundnut Oil | Anveshan: 1L 399
    """,
    "ORAL CARE": """
        Toothpaste | Colgate: 100g 55, 200g 105 | Close-Up: 150g 95 | Pepsodent: 150g 85
        Herbal Toothpaste | Dabur Red: 100g 62, 200g 115 | Patanjali Dant Kanti: 100g 55, 200g 100
        Toothbrush | Colgate: 1pcs 30, 4pcs 99 | Oral-B: 1pcs 40
        Sensitive Toothpaste | Sensodyne: 70g 125, 150g 230
        Mouthwash | Listerine: 250ml 199 | Colgate Plax: 250ml 155
    """,
    "POOJA NEEDS": """
        Agarbatti | Cycle: 100g 65 | Zed Black: 100g 55 | Mangaldeep: 100g 55
        Camphor | Mangalam: 50g 95, 100g 180 | Mangaldeep: 50g 90
        Deepam Oil | Mangaldeep: 500ml 110, 1L 210 | Cycle: 1L 199
        Kumkum | Sringar: 40g 35
        Cotton Wicks | Mangaldeep: 100pcs 30 | Cycle: 100pcs 25
        Dhoop Sticks | Cycle: 20pcs 45 | Zed Black: 20pcs 40
        Cup Sambrani | Cycle: 12pcs 75 | Mangaldeep: 10pcs 60
        Rose Water | Dabur Gulabari: 120ml 50, 250ml 90
    """,
    "RICE & PULSES": """
        Sona Masoori Rice | Lalitha: 1kg 78, 5kg 375, 10kg 720, 25kg 1650 | Daawat: 5kg 420 | Kohinoor: 10kg 760
        BPT Rice | Lalitha: 10kg 650, 25kg 1550 | Sri Sai Balaji: 25kg 1500
        Basmati Rice | India Gate: 1kg 180, 5kg 850 | Daawat: 1kg 170, 5kg 820 | Kohinoor: 1kg 175
        Brown Rice | Daawat: 1kg 150 | 24 Mantra Organic: 1kg 140
        Idli Rice | Sri Sai Balaji: 5kg 300 | Laxmi: 1kg 60
        Toor Dal | Tata Sampann: 500g 95, 1kg 180 | 24 Mantra Organic: 1kg 210 | Rajdhani: 1kg 175
        Moong Dal | Tata Sampann: 500g 85, 1kg 165 | Rajdhani: 1kg 155
        Urad Dal | Tata Sampann: 500g 90, 1kg 170 | Rajdhani: 1kg 165
        Chana Dal | Tata Sampann: 500g 60, 1kg 115 | Rajdhani: 1kg 110
        Rajma | Tata Sampann: 500g 105
        Kabuli Chana | Tata Sampann: 500g 95 | Rajdhani: 1kg 175
        Green Moong | Rajdhani: 500g 80
    """,
    "SKIN CARE": """
        Neem Face Wash | Himalaya: 50ml 90, 150ml 210 | Clean & Clear: 100ml 155
        Face Cream | Glow & Lovely: 50g 99 | Ponds: 75ml 199 | Nivea: 60ml 115, 200ml 315
        Sunscreen Lotion | Lakme: 50g 299 | Lotus Herbals: 100g 399
        Aloe Vera Gel | Patanjali: 150ml 90 | Himalaya: 100ml 150
        Lip Balm | Nivea: 5g 199 | Vaseline: 7g 125
        Turmeric Skin Cream | Vicco: 15g 75, 30g 115
        Antiseptic Cream | Boroline: 20g 45 | BoroPlus: 80ml 110
    """,
    "SNACKS & BREAKFAST": """
        Instant Noodles | Maggi: 70g 14, 280g 56 | Yippee: 60g 12 | Top Ramen: 70g 14
        Potato Chips | Lays: 52g 20, 90g 40 | Bingo: 52g 20
        Aloo Bhujia | Haldirams: 200g 60, 400g 115 | Bikaji: 200g 55
        Corn Flakes | Kelloggs: 250g 120, 475g 220 | Bagrrys: 500g 199
        Oats | Quaker: 500g 110, 1kg 199 | Saffola: 1kg 210
        Upma Mix | MTR: 180g 70 | Gits: 200g 65
        Pasta | Bambino: 400g 60
        Murukku | Haldirams: 200g 55
        Peanut Chikki | Maganlal: 250g 120
        Poha | Rajdhani: 500g 40 | 24 Mantra Organic: 500g 60
        Muesli | Kelloggs: 500g 399 | Bagrrys: 500g 375
    """,
    "SPICES & MASALAS": """
        Turmeric Powder | Aachi: 100g 32, 200g 60 | Everest: 100g 38, 200g 70
        Red Chilli Powder | Aachi: 100g 45, 500g 210 | Everest: 100g 48 | Priya: 250g 99
        Coriander Powder | Aachi: 100g 30 | Everest: 100g 35
        Garam Masala | Everest: 50g 45, 100g 85 | MDH: 100g 90
        Sambar Powder | MTR: 100g 55, 200g 105 | Aachi: 200g 90
        Rasam Powder | MTR: 100g 55 | Aachi: 200g 85
        Chicken Masala | Aachi: 100g 60 | Everest: 100g 75
        Biryani Masala | Aachi: 50g 40 | Shan: 50g 75
        Mango Pickle | Priya: 300g 130, 500g 210, 1kg 399 | Aachi: 300g 110 | Mothers Recipe: 300g 125
        Gongura Pickle | Priya: 300g 140, 500g 225 | Aachi: 300g 120
        Lemon Pickle | Priya: 300g 120 | Mothers Recipe: 300g 115
        Cumin Seeds | Tata Sampann: 100g 65 | Catch: 100g 70
        Mustard Seeds | Tata Sampann: 100g 25 | Catch: 100g 28
        Black Pepper | Catch: 100g 120 | Everest: 50g 75
    """,
    "TEA & COFFEE": """
        Tea Powder | Red Label: 100g 55, 250g 135, 500g 260, 1kg 520 | Taj Mahal: 250g 190, 500g 365 | 3 Roses: 500g 255
        Leaf Tea | Tata Tea Gold: 500g 300 | Wagh Bakri: 250g 160
        Green Tea | Tetley: 25pcs 150 | Lipton: 25pcs 165
        Filter Coffee Powder | Narasus: 200g 130, 500g 310 | Cothas: 200g 150 | Bru Green Label: 200g 140
        Instant Coffee | Nescafe Classic: 50g 185, 100g 345 | Bru: 100g 270
        Tea Bags | Taj Mahal: 25pcs 90 | Red Label: 25pcs 80
    """,
    "BUDGET FRIENDLY PACKAGES": """
        Monthly Grocery Essentials Kit | SMLR Mart: 1pack 2499
        Breakfast Combo Ravva Poha Semiya | SMLR Mart: 1pack 299
        Dal Combo Toor Moong Urad Chana | SMLR Mart: 1pack 699
        Oil and Atta Saver Pack | SMLR Mart: 1pack 720, 2pack 1420
        Pooja Essentials Kit | SMLR Mart: 1pack 349
        Bachelor Kitchen Starter Kit | SMLR Mart: 1pack 999
        Festival Sweets Making Kit | SMLR Mart: 1pack 549
        Cleaning Essentials Combo | SMLR Mart: 1pack 499
    """,
    "EGGS & DAIRY": """
        Farm Eggs | SMLR Farm: 6pcs 48, 12pcs 90, 30pcs 210 | Suguna: 6pcs 50
        Brown Eggs | Eggoz: 6pcs 80
        Toned Milk | Heritage: 500ml 28, 1L 56 | Jersey: 500ml 27 | Dodla: 500ml 27
        Curd | Heritage: 500g 40, 1kg 75 | Jersey: 500g 38 | Dodla: 500g 37
        Paneer | Heritage: 200g 90 | Milky Mist: 200g 100
        Ghee | Heritage: 500ml 345, 1L 650 | Amul: 1L 640 | GRB: 500ml 360
        Butter | Amul: 100g 58, 500g 285 | Heritage: 100g 55
        Buttermilk | Heritage: 200ml 15 | Dodla: 200ml 12
        Cheese Slices | Amul: 200g 150
        Badam Milk | Jersey: 180ml 30 | Heritage: 200ml 35
    """,
}

# Each demo product's HSN code and GST rate (per cent; prices include it), as a shop here files them.
# Branded pre-packed staples are 5 % where loose ones are 0 %, so the large BPT and idli rice bags
# (sold as the mill packs them) are 0 %; a kit is a mixed supply, taxed at its highest rate.
TAX = """
    Bathing Soap 3401 18 | Sandal Soap 3401 18 | Ayurvedic Soap 3401 18 | Glycerine Soap 3401 18
    Body Wash 3401 18 | Hand Wash 3401 18 | Talcum Powder 3304 18 | Body Lotion 3304 18
    Petroleum Jelly 2712 18
    Glucose Biscuits 1905 18 | Marie Biscuits 1905 18 | Bourbon Cream Biscuits 1905 18
    Salted Crackers 1905 18 | Butter Cookies 1905 18 | Milk Rusk 1905 5 | Digestive Biscuits 1905 18
    Milk Chocolate 1806 18 | Chocolate Wafer 1806 18
    Detergent Powder 3402 18 | Detergent Bar 3401 18 | Dishwash Bar 3401 18 | Dishwash Liquid 3402 18
    Floor Cleaner 3808 18 | Toilet Cleaner 3402 18 | Liquid Detergent 3402 18 | Phenyl 3808 18
    Iodised Salt 2501 0 | Sugar 1701 5 | Jaggery 1701 5 | Tamarind 0813 5 | Vermicelli 1902 12
    Papad 1905 0 | Groundnuts 1202 5 | Matchbox 3605 12
    Cashew Nuts 0801 5 | Almonds 0802 12 | Raisins 0806 5 | Dates 0804 12 | Pistachios 0802 12
    Walnuts 0802 12
    Sanitary Pads 9619 0 | Panty Liners 9619 0 | Menstrual Cup 3924 12 | Intimate Wash 3401 18
    Sanitary Pads XL 9619 0
    Chakki Atta 1101 5 | Bombay Ravva 1103 5 | Idli Ravva 1103 5 | Maida 1101 5 | Besan 1106 5
    Rice Flour 1102 5 | Ragi Flour 1102 5 | Multigrain Atta 1101 5
    Baking Soda 2836 18 | Baking Powder 2102 18 | Custard Powder 1901 18 | Corn Flour 1108 12
    Food Colour 3203 18 | Vinegar 2209 18 | Tomato Ketchup 2103 12
    Shaving Cream 3307 18 | Shaving Razor 8212 18 | Shaving Blades 8212 18 | Deodorant 3307 18
    Beard Oil 3305 18 | Aftershave Lotion 3307 18
    Coconut Hair Oil 1513 5 | Shampoo 3305 18 | Anti Hairfall Shampoo 3305 18 | Hair Conditioner 3305 18
    Amla Hair Oil 3305 18 | Almond Hair Oil 3305 18 | Hair Colour 3305 18
    Chyawanprash 3004 12 | Honey 0409 5 | Glucose Powder 1702 18 | Pain Relief Balm 3004 12
    Antiseptic Liquid 3004 12 | ORS Powder 3004 12 | Digestive Tablets 3004 12 | Isabgol 1211 5
    Mosquito Repellent Refill 3808 18 | Mosquito Coil 3808 18 | Aluminium Foil 7607 18
    Garbage Bags 3923 18 | Scrub Pad 6805 18 | Air Freshener 3307 18 | AA Batteries 8506 28
    Health Drink 1901 18 | Protein Powder 2106 18 | Growth Drink 1901 18 | Badam Drink Mix 2106 18
    Ragi Malt 1901 18
    Sunflower Oil 1512 5 | Groundnut Oil 1508 5 | Gingelly Oil 1515 5 | Rice Bran Oil 1515 5
    Mustard Oil 1514 5 | Palmolein Oil 1511 5 | Coconut Oil 1513 5 | Cold Pressed Groundnut Oil 1508 5
    Toothpaste 3306 18 | Herbal Toothpaste 3306 18 | Toothbrush 9603 18 | Sensitive Toothpaste 3306 18
    Mouthwash 3306 18
    Agarbatti 3307 5 | Camphor 2914 18 | Deepam Oil 1515 5 | Kumkum 3304 0 | Cotton Wicks 5601 0
    Dhoop Sticks 3307 5 | Cup Sambrani 3307 5 | Rose Water 3301 18
    Sona Masoori Rice 1006 5 | BPT Rice 1006 0 | Basmati Rice 1006 5 | Brown Rice 1006 5
    Idli Rice 1006 0 | Toor Dal 0713 5 | Moong Dal 0713 5 | Urad Dal 0713 5 | Chana Dal 0713 5
    Rajma 0713 5 | Kabuli Chana 0713 5 | Green Moong 0713 5
    Neem Face Wash 3304 18 | Face Cream 3304 18 | Sunscreen Lotion 3304 18 | Aloe Vera Gel 3304 18
    Lip Balm 3304 18 | Turmeric Skin Cream 3004 12 | Antiseptic Cream 3004 12
    Instant Noodles 1902 12 | Potato Chips 2005 12 | Aloo Bhujia 2106 12 | Corn Flakes 1904 18
    Oats 1104 5 | Upma Mix 2106 18 | Pasta 1902 12 | Murukku 2106 12 | Peanut Chikki 1704 5
    Poha 1904 5 | Muesli 1904 18
    Turmeric Powder 0910 5 | Red Chilli Powder 0904 5 | Coriander Powder 0909 5 | Garam Masala 0910 5
    Sambar Powder 0910 5 | Rasam Powder 0910 5 | Chicken Masala 0910 5 | Biryani Masala 0910 5
    Mango Pickle 2001 12 | Gongura Pickle 2001 12 | Lemon Pickle 2001 12 | Cumin Seeds 0909 5
    Mustard Seeds 1207 5 | Black Pepper 0904 5
    Tea Powder 0902 5 | Leaf Tea 0902 5 | Green Tea 0902 5 | Filter Coffee Powder 0901 5
    Instant Coffee 2101 18 | Tea Bags 0902 5
    Monthly Grocery Essentials Kit 3401 18 | Breakfast Combo Ravva Poha Semiya 1902 12
    Dal Combo Toor Moong Urad Chana 0713 5 | Oil and Atta Saver Pack 1512 5 | Pooja Essentials Kit 2914 18
    Bachelor Kitchen Starter Kit 1902 12 | Festival Sweets Making Kit 1901 18 | Cleaning Essentials Combo 3402 18
    Farm Eggs 0407 0 | Brown Eggs 0407 0 | Toned Milk 0401 0 | Curd 0403 5 | Paneer 0406 5 | Ghee 0405 12
    Butter 0405 12 | Buttermilk 0403 5 | Cheese Slices 0406 12 | Badam Milk 0402 12
"""
TAX_ENTRY = re.compile(r"^(?P<name>.+?)\s+(?P<hsn>[0-9]{4,8})\s+(?P<rate>[0-9]+)$")

# Most packs sell below MRP; the budget packages are the store's own deals.
DISCOUNTS = (0, 3, 5, 5, 8, 10, 10, 12, 15, 18, 20, 25)
PACKAGE_DISCOUNTS = (12, 15, 18, 20, 25)
SIZE = re.compile(r"^(?P<quantity>\d+(?:\.\d+)?)(?P<units>g|kg|ml|L|pcs|pack)\s+(?P<mrp>\d+(?:\.\d+)?)$")


@dataclass(frozen=True)
class DemoPack:
    quantity: Decimal
    units: str
    price: Decimal
    dprice: Decimal
    count_in_stock: int
    key: str = ""  # product|brand|size, what fixes its offer and its batches


@dataclass(frozen=True)
class DemoBrand:
    brand: str
    packs: list[DemoPack]
    declarations: dict[str, str]


@dataclass(frozen=True)
class DemoProduct:
    name: str
    category: str
    description: str
    description_te: str
    brands: list[DemoBrand]
    hsn_code: str
    gst_rate: int


def _number(text: str) -> int:
    return zlib.crc32(text.encode())


@dataclass(frozen=True)
class DemoBatch:
    qty: int
    best_before_days: int  # from the day the demo is seeded
    unit_cost_paise: int
    batch_no: str


def demo_batches(pack: DemoPack) -> list[DemoBatch]:
    """A pack's stock as the shelf holds it, fixed by its name: an older batch (a third, bought a
    little cheaper, its best-before date 3 to 50 days away, so the near-expiry lists have work)
    and a newer one (the rest, 4 to 9 months away). Costs before GST are about 70 % of the price."""
    if pack.count_in_stock <= 0:
        return []
    number = _number(f"batch:{pack.key}")
    cost = to_paise(pack.dprice * Decimal("0.70"))  # 70 % of the selling price
    older = pack.count_in_stock // 3
    newer = pack.count_in_stock - older
    batches = [DemoBatch(newer, 120 + number % 150, max(cost, 1), f"B{number % 9000 + 1000}")]
    if older:
        batches.insert(0, DemoBatch(older, 3 + number % 48, max(cost * 97 // 100, 1), f"B{number % 9000 + 999}"))
    return batches


def pack_offer(key: str, mrp: Decimal, *, package: bool) -> tuple[Decimal, int]:
    """(selling price, stock) for a pack, fixed by its name so every run agrees."""
    choices = PACKAGE_DISCOUNTS if package else DISCOUNTS
    discount = choices[_number(key) % len(choices)]
    # Shops sell at whole rupees; the discount shown is then derived from this price.
    dprice = dprice_for_discount(mrp, discount).quantize(Decimal("1"), rounding=ROUND_FLOOR)
    roll = _number(f"stock:{key}") % 100
    stock = 0 if roll < 6 else (1 + roll % 5 if roll < 18 else 10 + roll % 70)
    return dprice, stock


# Where the demo's packers are; a brand is given one of them by its name, so every run agrees.
PACKER_TOWNS = (
    "Plot 14, IDA Nacharam, Hyderabad, Telangana 500076",
    "D.No. 12-4-9, Autonagar, Vijayawada, Andhra Pradesh 520007",
    "Survey No. 88, APIIC Industrial Park, Gajularamaram, Hyderabad, Telangana 500055",
    "Plot 3, Auto Nagar, Visakhapatnam, Andhra Pradesh 530012",
    "Unit 7, Peenya Industrial Area, Bengaluru, Karnataka 560058",
)
BEST_BEFORE = {
    "EGGS & DAIRY": "Use by the date printed on the pack (keep refrigerated)",
}
STORE_PACKER = "SMLR Mart"  # the store's own bundles: the store is their packer


def demo_declarations(name: str, brand: str, category: str) -> dict[str, str]:
    """The Legal Metrology declarations of a demo brand's packs (`catalog.models.Detail`)."""
    slug = re.sub(r"[^a-z0-9]+", "", brand.lower()) or "brand"
    packer = f"{brand} Foods Pvt. Ltd." if brand != STORE_PACKER else "SMLR Mart Retail Pvt. Ltd."
    return {
        "packer_name": packer,
        "packer_address": PACKER_TOWNS[_number(brand) % len(PACKER_TOWNS)],
        "country_of_origin": "India",
        "generic_name": name,
        "best_before": BEST_BEFORE.get(category, "Best before 9 months from packing"),
        "consumer_care": f"1800-425-{_number(slug) % 10000:04d}, care@{slug}.example.in",
    }


def _tax_table() -> dict[str, tuple[str, int]]:
    """Product name → (HSN code, GST rate) from `TAX`."""
    table = {}
    for entry in TAX.replace("\n", "|").split("|"):
        if entry.strip():
            match = TAX_ENTRY.match(entry.strip())
            if match is None:
                raise ValueError(f"bad tax entry {entry.strip()!r}")
            table[match["name"]] = (match["hsn"], int(match["rate"]))
    return table


def _parse_line(line: str, category: str, tax: dict[str, tuple[str, int]]) -> DemoProduct:
    name, *brand_parts = (part.strip() for part in line.split("|"))
    brands = []
    for part in brand_parts:
        brand, sizes = (text.strip() for text in part.split(":", 1))
        packs = []
        for size in sizes.split(","):
            match = SIZE.match(size.strip())
            if match is None:
                raise ValueError(f"bad pack size {size!r} in demo product {name!r}")
            mrp = Decimal(match["mrp"]).quantize(Decimal("0.01"))
            key = f"{name}|{brand}|{match['quantity']}{match['units']}"
            dprice, stock = pack_offer(key, mrp, package=category == "BUDGET FRIENDLY PACKAGES")
            packs.append(DemoPack(Decimal(match["quantity"]), match["units"], mrp, dprice, stock, key))
        brands.append(DemoBrand(brand, packs, demo_declarations(name, brand, category)))
    names = ", ".join(brand.brand for brand in brands)
    description = f"{name} from {names}. {BLURBS[category]}"
    # The brands keep their own (English) names in the Telugu sentence, as on their packs.
    description_te = f"{names} నుండి {PRODUCT_NAMES_TE[name]}. {BLURBS_TE[category]}"
    if name not in tax:
        raise ValueError(f"demo product {name!r} has no HSN code and GST rate in TAX")
    hsn_code, gst_rate = tax[name]
    return DemoProduct(
        name=name,
        category=category,
        description=description,
        description_te=description_te,
        brands=brands,
        hsn_code=hsn_code,
        gst_rate=gst_rate,
    )


def demo_products() -> list[DemoProduct]:
    tax = _tax_table()
    return [
        _parse_line(line, category, tax)
        for category, block in PRODUCTS.items()
        for line in block.strip().splitlines()
        if line.strip()
    ]
