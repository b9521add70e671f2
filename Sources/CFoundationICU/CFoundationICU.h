#ifndef TRELLIS_CFOUNDATIONICU_H
#define TRELLIS_CFOUNDATIONICU_H
/*
 * Thin shim over the ICU that ships inside the Swift toolchain's Foundation (swift-foundation-icu,
 * headers under <_foundation_unicode/...>, library lib_FoundationICU). Its entry points are renamed
 * by macros (uplrules_open -> swift_uplrules_open) that Swift cannot import: these wrappers let the
 * C preprocessor resolve them. Only what Trellis uses: CLDR plural rules, number skeletons, the locale's
 * own number patterns, dates.
 */
#include <_foundation_unicode/upluralrules.h>
#include <_foundation_unicode/unumberformatter.h>
#include <_foundation_unicode/unum.h>
#include <_foundation_unicode/udat.h>
#include <_foundation_unicode/umsg.h>

/* Plural rules (cardinal) of a locale. */
static inline UPluralRules *cicu_plural_open(const char *locale, UErrorCode *status) {
    return uplrules_open(locale, status);
}

/* The CLDR plural category keyword of `number` ("one", "few", ...), UTF-16, into `keyword`. */
static inline int32_t cicu_plural_select(const UPluralRules *rules, double number, UChar *keyword, int32_t capacity,
                                         UErrorCode *status) {
    return uplrules_select(rules, number, keyword, capacity, status);
}

/* The CLDR plural category of `number` as `formatter` writes it (1.0004 written "1" is "one" in English,
   as ICU's MessageFormat selects), UTF-16, into `keyword`. */
static inline int32_t cicu_plural_select_formatted(const UPluralRules *rules, const UNumberFormatter *formatter, double number,
                                                   UChar *keyword, int32_t capacity, UErrorCode *status) {
    UFormattedNumber *result = unumf_openResult(status);
    unumf_formatDouble(formatter, number, result, status);
    int32_t length = uplrules_selectFormatted(rules, result, keyword, capacity, status);
    unumf_closeResult(result);
    return length;
}

static inline void cicu_plural_close(UPluralRules *rules) { uplrules_close(rules); }

/* A number formatter for an ICU number skeleton ("currency/EUR", "percent scale/100 precision-integer", ".###"). Thread-safe. */
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

/* The locale's CLDR pattern for `style` (UNUM_DECIMAL "#,##0.###", UNUM_PERCENT "#,##0%"), as the
   legacy API opens it. Trellis reads its fraction digits; formatting with it is not thread-safe. */
static inline UNumberFormat *cicu_pattern_open(UNumberFormatStyle style, const char *locale, UErrorCode *status) {
    return unum_open(style, NULL, 0, locale, NULL, status);
}

/* The pattern's minimum and maximum fraction digits. */
static inline void cicu_pattern_fraction_digits(const UNumberFormat *format, int32_t *minimum, int32_t *maximum) {
    *minimum = unum_getAttribute(format, UNUM_MIN_FRACTION_DIGITS);
    *maximum = unum_getAttribute(format, UNUM_MAX_FRACTION_DIGITS);
}

/* Formats `value` with the pattern into `out` (UTF-16); returns the length needed. */
static inline int32_t cicu_pattern_format(const UNumberFormat *format, double value, UChar *out, int32_t capacity,
                                          UErrorCode *status) {
    return unum_formatDouble(format, value, out, capacity, NULL, status);
}

static inline void cicu_pattern_close(UNumberFormat *format) { unum_close(format); }

/* ICU's own MessageFormat of `pattern` with one number argument {0}, into `out` (UTF-16): the oracle the
   tests compare Trellis's messages with. Opens and closes the format per call. */
static inline int32_t cicu_message_format_double(const UChar *pattern, int32_t length, const char *locale, double value,
                                                 UChar *out, int32_t capacity, UErrorCode *status) {
    UMessageFormat *format = umsg_open(pattern, length, locale, NULL, status);
    if (U_FAILURE(*status)) return 0;
    int32_t written = umsg_format(format, out, capacity, status, value);
    umsg_close(format);
    return written;
}

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
