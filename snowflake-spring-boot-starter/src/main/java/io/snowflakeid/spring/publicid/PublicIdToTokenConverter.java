package io.snowflakeid.spring.publicid;

import java.util.Set;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;

/**
 * A {@code @PublicId} {@code Long}/{@code long} formatted as text is its token (of the annotation's domain). Added to
 * Spring MVC's conversion service, where Spring HATEOAS formats the path variables and request parameters of
 * {@code linkTo(methodOn(...))} (with the parameter's annotations in the source type): the link carries the token,
 * not the raw id. Only this direction: text to a {@code @PublicId} id is {@link PublicIdArgumentResolver}'s, which,
 * unlike a converter, has no fall-back to the plain {@code Long} editor.
 */
final class PublicIdToTokenConverter implements ConditionalGenericConverter {

	private final PublicIdCodec codec;

	PublicIdToTokenConverter(PublicIdCodec codec) {
		this.codec = codec;
	}

	@Override
	public Set<ConvertiblePair> getConvertibleTypes() {
		return Set.of(new ConvertiblePair(Long.class, String.class));
	}

	@Override
	public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
		return sourceType.hasAnnotation(PublicId.class);
	}

	@Override
	public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
		if (source == null) {
			return null;
		}
		PublicId publicId = sourceType.getAnnotation(PublicId.class);
		return this.codec.forDomain(publicId.value()).encode((Long) source);
	}
}
