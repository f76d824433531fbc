import { normaliseLabel } from "./normalise-label";

// A small multilingual vocabulary of what common form fields mean, so "Geburtsdatum", "Date de
// naissance" and "DOB" all land on date_of_birth and a German source can fill an English form.
// Phrases are written in normalised form (lower case, no accents). The longest phrase found in a
// label decides its concept, so "date of birth" beats "date".

export type FieldConcept =
  | "first_name"
  | "last_name"
  | "full_name"
  | "middle_name"
  | "date_of_birth"
  | "place_of_birth"
  | "email"
  | "phone"
  | "street"
  | "address"
  | "city"
  | "zip"
  | "state"
  | "country"
  | "nationality"
  | "company"
  | "job_title"
  | "date"
  | "signature"
  | "tax_id"
  | "iban"
  | "bic"
  | "invoice_number"
  | "total"
  | "gender"
  | "website"
  | "quantity"
  | "unit_price"
  | "description";

const CONCEPT_PHRASES: Record<FieldConcept, string[]> = {
  first_name: [
    "first name",
    "given name",
    "given names",
    "forename",
    "firstname",
    "vorname",
    "prenom",
    "nombre",
    "nome",
    "voornaam",
    "primeiro nome",
    "imie",
  ],
  middle_name: ["middle name", "middle initial", "zweiter vorname", "segundo nombre"],
  last_name: [
    "last name",
    "surname",
    "family name",
    "lastname",
    "nachname",
    "familienname",
    "nom de famille",
    "apellido",
    "apellidos",
    "cognome",
    "achternaam",
    "sobrenome",
    "nazwisko",
  ],
  full_name: [
    "name",
    "full name",
    "your name",
    "applicant name",
    "name of applicant",
    "print name",
    "printed name",
    "nom complet",
    "nombre completo",
    "nome completo",
    "naam",
    "vollstandiger name",
    "nom et prenom",
    "name vorname",
  ],
  date_of_birth: [
    "date of birth",
    "birth date",
    "birthdate",
    "dob",
    "birthday",
    "born on",
    "geburtsdatum",
    "geboren am",
    "date de naissance",
    "ne le",
    "fecha de nacimiento",
    "data di nascita",
    "geboortedatum",
    "data de nascimento",
  ],
  place_of_birth: [
    "place of birth",
    "birthplace",
    "geburtsort",
    "lieu de naissance",
    "lugar de nacimiento",
    "luogo di nascita",
    "geboorteplaats",
  ],
  email: [
    "email",
    "e mail",
    "email address",
    "e mail address",
    "mail",
    "e mail adresse",
    "courriel",
    "adresse electronique",
    "correo electronico",
    "correo",
    "posta elettronica",
  ],
  phone: [
    "phone",
    "telephone",
    "tel",
    "phone number",
    "telephone number",
    "mobile",
    "cell",
    "cell phone",
    "daytime phone",
    "telefon",
    "telefonnummer",
    "handy",
    "telephone portable",
    "telefono",
    "telefoon",
    "numero de telephone",
  ],
  street: [
    "street",
    "street address",
    "address line 1",
    "address 1",
    "strasse",
    "strasse und hausnummer",
    "hausnummer",
    "rue",
    "calle",
    "via",
    "straat",
    "rua",
  ],
  address: [
    "address",
    "home address",
    "mailing address",
    "postal address",
    "residential address",
    "anschrift",
    "adresse",
    "wohnadresse",
    "direccion",
    "domicilio",
    "indirizzo",
    "adres",
    "endereco",
  ],
  city: [
    "city",
    "town",
    "city or town",
    "ort",
    "stadt",
    "wohnort",
    "ville",
    "ciudad",
    "localidad",
    "citta",
    "stad",
    "woonplaats",
    "plaats",
    "cidade",
  ],
  zip: [
    "zip",
    "zip code",
    "postal code",
    "postcode",
    "post code",
    "plz",
    "postleitzahl",
    "code postal",
    "codigo postal",
    "cap",
    "codice postale",
    "cep",
  ],
  state: ["state", "province", "region", "county", "bundesland", "etat", "provincia", "estado"],
  country: ["country", "land", "pays", "pais", "paese", "nazione"],
  nationality: [
    "nationality",
    "citizenship",
    "staatsangehorigkeit",
    "nationalite",
    "nacionalidad",
    "nazionalita",
    "nationaliteit",
  ],
  company: [
    "company",
    "company name",
    "organization",
    "organisation",
    "employer",
    "business name",
    "firm",
    "firma",
    "unternehmen",
    "arbeitgeber",
    "societe",
    "entreprise",
    "employeur",
    "empresa",
    "azienda",
    "bedrijf",
  ],
  job_title: [
    "job title",
    "occupation",
    "profession",
    "position",
    "beruf",
    "berufsbezeichnung",
    "profesion",
    "professione",
    "beroep",
  ],
  date: [
    "date",
    "datum",
    "fecha",
    "data",
    "signature date",
    "date signed",
    "date of signature",
    "today s date",
    "todays date",
    "ort und datum",
    "fait le",
  ],
  signature: [
    "signature",
    "sign here",
    "unterschrift",
    "signatur",
    "firma del solicitante",
    "handtekening",
    "assinatura",
  ],
  tax_id: [
    "tax id",
    "taxpayer identification number",
    "tin",
    "ssn",
    "social security number",
    "ein",
    "steuernummer",
    "steuer id",
    "steueridentifikationsnummer",
    "numero fiscal",
    "nif",
    "codice fiscale",
    "vat number",
    "ust id",
  ],
  iban: ["iban", "account number", "bank account", "kontonummer", "numero de compte"],
  bic: ["bic", "swift", "swift code", "bic swift"],
  invoice_number: [
    "invoice number",
    "invoice no",
    "invoice",
    "rechnungsnummer",
    "rechnung nr",
    "numero de facture",
    "numero de factura",
    "fattura n",
  ],
  total: [
    "total",
    "total amount",
    "amount due",
    "grand total",
    "balance due",
    "amount",
    "gesamtbetrag",
    "summe",
    "betrag",
    "montant total",
    "montant",
    "importe total",
    "importe",
    "totale",
  ],
  gender: ["gender", "sex", "geschlecht", "sexe", "sexo", "sesso"],
  quantity: ["quantity", "qty", "units", "menge", "anzahl", "quantite", "qte", "cantidad", "quantita", "aantal"],
  unit_price: [
    "unit price",
    "price",
    "unit cost",
    "rate",
    "price per unit",
    "einzelpreis",
    "preis",
    "prix unitaire",
    "prix",
    "precio unitario",
    "precio",
    "prezzo",
  ],
  description: [
    "description",
    "item",
    "product",
    "article",
    "beschreibung",
    "bezeichnung",
    "artikel",
    "designation",
    "descripcion",
    "descrizione",
    "omschrijving",
  ],
  website: ["website", "web site", "url", "homepage", "site web", "sitio web"],
};

const phraseIndex: Array<{ concept: FieldConcept; phrase: string; words: number }> = Object.entries(CONCEPT_PHRASES)
  .flatMap(([concept, phrases]) =>
    phrases.map((phrase) => ({ concept: concept as FieldConcept, phrase, words: phrase.split(" ").length })),
  )
  .sort((a, b) => b.phrase.length - a.phrase.length);

export interface ConceptMatch {
  concept: FieldConcept;
  /** 1 when the whole label is the phrase, less when the phrase is part of a longer label. */
  strength: number;
}

/** The concept a label names, or null. Whole-word matches only: "cap" is not found in "capital". */
export function conceptOf(label: string): ConceptMatch | null {
  const text = normaliseLabel(label);
  if (!text) return null;
  const padded = ` ${text} `;
  const labelWords = text.split(" ").length;
  for (const entry of phraseIndex) {
    if (text === entry.phrase) return { concept: entry.concept, strength: 1 };
    if (padded.includes(` ${entry.phrase} `)) {
      return {
        concept: entry.concept,
        strength: Math.max(0.6, Math.min(0.95, 0.55 + (0.45 * entry.words) / labelWords)),
      };
    }
  }
  return null;
}

/** Values of these concepts have a recognisable shape, checked before a value is accepted. */
export function conceptAcceptsValue(concept: FieldConcept, value: string): boolean {
  const text = value.trim();
  switch (concept) {
    case "email":
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
    case "phone":
      return (text.match(/\d/g) ?? []).length >= 6 && !/[a-z]{3,}/i.test(text);
    case "zip":
      return /\d{3,}|^[A-Z]\d[A-Z]\s?\d[A-Z]\d$|^[A-Z]{1,2}\d/i.test(text) && text.length <= 12;
    case "iban":
      return /^[A-Z]{2}\d{2}[A-Z0-9 ]{8,}$/i.test(text) || /^\d[\d -]{5,}$/.test(text);
    case "date":
    case "date_of_birth":
      return /\d/.test(text);
    case "website":
      return /\.[a-z]{2,}/i.test(text) && !/\s/.test(text);
    case "total":
      return /\d/.test(text);
    case "first_name":
    case "last_name":
    case "full_name":
    case "city":
    case "country":
      return /\p{L}/u.test(text) && !/@/.test(text);
    default:
      return text.length > 0;
  }
}
