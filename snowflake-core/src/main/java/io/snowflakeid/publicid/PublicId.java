package io.snowflakeid.publicid;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code Long}/{@code long} id that is shown to the outside as a {@link PublicIdCodec} token: in JSON
 * (written and read as the token, a JSON number is refused) and as a Spring MVC {@code @PathVariable} or
 * {@code @RequestParam} (a token that does not decode is a 400). Interpreted by the Spring Boot starter's Jackson
 * modules and converter; the annotation itself lives in the core, with no dependency, so that DTOs and API modules
 * can carry it without depending on Spring or Jackson.
 *
 * <p>On an entity id also annotated {@code @SnowflakeId}, {@code @PublicId} decides the JSON form. Not a
 * meta-annotation: neither Jackson, nor Spring MVC, nor the start-up check would see it through an annotation of the
 * application's, which would then quietly carry raw ids.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT })
public @interface PublicId {

	/**
	 * The domain of the tokens, e.g. {@code "invoice"}: tokens of one domain are refused in another, so that the token
	 * of invoice 42 does not open account 42. Needed where tables share one number space (dense {@code @SegmentId}
	 * numbers, {@code auto_increment} ids); snowflake ids are unique across tables already and may keep the default
	 * domain ({@code ""}). 1 to 64 characters of {@code A-Z a-z 0-9 . _ -}; changing it changes every token of the
	 * property. See {@link PublicIdCodec#forDomain(String)}.
	 */
	String value() default "";
}
