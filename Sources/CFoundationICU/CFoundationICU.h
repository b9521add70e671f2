#ifndef TRELLIS_CFOUNDATIONICU_H
#define TRELLIS_CFOUNDATIONICU_H
/*
 * Thin shim over the ICU that ships inside the Swift toolchain's Foundation (swift-foundation-icu,
 * headers under <_foundation_unicode/...>, library lib_FoundationICU). Its entry points are renamed
 * by macros (uplrules_open -> swift_uplrules_open) that Swift cannot import: these wrappers let the
 * C preprocessor resolve them. Only what Trellis uses: CLDR plural rules, number skeletons, dates.
 */
#include <_foundation_unicode/upluralrules.h>
#include <_foundation_unicode/unumberformatter.h>
#include <_foundation_unicode/udat.h>

/* Plural rules (cardinal) of a locale. */
static inline UPluralRules *cicu_plural_open(const char *locale, UErrorCode *status) {
    return uplrules_open(locale, status);
}

/* The CLDR plural category keyword of `number` ("one", "few", ...), UTF-16, into `keyword`. */
static inline int32_t cicu_plural_select(const UPluralRules *rules, double number, UChar *keyword, int32_t capacity,
                                         UErrorCode *status) {
    return uplrules_select(rules, number, keyword, capacity, status);
}

static inline void cicu_plural_close(UPluralRules *rules) { uplrules_close(rules); }

/* A number formatter for an ICU number skeleton ("currency/EUR", "percent scale/100", ""). Thread-safe. */
static inline UNumberFormatter *cicu_number_open(const UChar *skeleton, int32_t length, const char *locale,
                                                 UErrorCode *status) {
    return unumf_openForSkeletonAndLocale(skeleton, length, locale, status);
}

/* Formats `value` into `out` (UTF-16); returns the length needed. The result object is per call. */
static inline int32_t cicu_number_format(const UNumberFormatter *formatter, double value, UChar *out, int32_t capacity,
                                         UErrorCode *status) {
    UFormattedNumber *result = unumf_openResult(status);
    unumf_formatDouble(formatter, value, result, status);
    int32_t length = unumf_resultToString(result, out, capacity, status);
    unumf_closeResult(result);
    return length;
}

static inline void cicu_number_close(UNumberFormatter *formatter) { unumf_close(formatter); }

/* A date-only formatter (style UDAT_SHORT, UDAT_MEDIUM or UDAT_LONG) in the UTC time zone. Not thread-safe. */
static inline UDateFormat *cicu_date_open(UDateFormatStyle dateStyle, const char *locale, UErrorCode *status) {
    static const UChar utc[] = { 'U', 'T', 'C' };
    return udat_open(UDAT_NONE, dateStyle, locale, utc, 3, NULL, 0, status);
}

/* Formats milliseconds since 1970 into `out` (UTF-16); returns the length needed. */
static inline int32_t cicu_date_format(const UDateFormat *format, double millis, UChar *out, int32_t capacity,
                                       UErrorCode *status) {
    return udat_format(format, millis, out, capacity, NULL, status);
}

static inline void cicu_date_close(UDateFormat *format) { udat_close(format); }

#endif
